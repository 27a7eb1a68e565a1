// node-forge's modules one by one (src/protocol/forge-subset.ts); @types/node-forge types only its index.
declare module 'node-forge/lib/forge' {
  const forge: unknown;
  export default forge;
}
declare module 'node-forge/lib/*';
