export declare const HASH_FILE: string;
export declare const CLIENT_INPUTS: string[];
export declare function clientInputsHash(root: string, mode?: string, inputs?: string[]): string;
export declare function clientBuildState(root: string, outDir?: string, inputs?: string[]): { build: boolean; reason: string; hash: string };
export declare function recordClientBuild(outDir: string, hash: string): void;
