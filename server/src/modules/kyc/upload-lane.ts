// At most KYC_UPLOADS_AT_ONCE KYC uploads of this process are read, processed and stored at
// once (bench/kyc.ts). Each holds its files whole in memory (up to 10 MB a file) and the
// images go through sharp one at a time anyway, so ten uploads let in together only pile ten
// bodies up in the heap (+220 MB for ten 10 MB photos). A request waiting here has not read
// its body yet: its bytes wait in the socket and with the client (TCP backpressure).
export const KYC_UPLOADS_AT_ONCE = 2;

/** Runs `work` once fewer than `size` runs are under way, in the order asked. */
export function createUploadLane(size = KYC_UPLOADS_AT_ONCE): <T>(work: () => Promise<T>) => Promise<T> {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async (work) => {
    if (running >= size) await new Promise<void>((resolve) => waiting.push(resolve));
    else running += 1;
    try {
      return await work();
    } finally {
      // Hand the place straight to the next one, or give it back.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}
