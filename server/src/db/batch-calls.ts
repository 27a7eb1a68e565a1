/**
 * Coalesces calls that arrive while earlier ones are still running into one call of
 * `run`, so a burst of N requests costs one statement and one commit instead of N.
 * Nothing waits on a timer: a call made while fewer than `maxInFlight` batches run
 * goes out once the event loop has handled the events already there (setImmediate),
 * alone or with the calls those events made. `run` answers item by item, in order;
 * when it throws, every call of that batch rejects with its error.
 */
export function batchCalls<In, Out>(
  run: (items: In[]) => Promise<Out[]>,
  { maxInFlight = 2, maxBatch = 64 }: { maxInFlight?: number; maxBatch?: number } = {},
): (item: In) => Promise<Out> {
  interface Waiting {
    item: In;
    resolve: (value: Out) => void;
    reject: (reason: unknown) => void;
  }
  const queue: Waiting[] = [];
  let inFlight = 0;
  let scheduled = false;

  function flush(): void {
    scheduled = false;
    while (inFlight < maxInFlight && queue.length > 0) {
      const batch = queue.splice(0, maxBatch);
      inFlight += 1;
      run(batch.map((waiting) => waiting.item))
        .then(
          (results) => batch.forEach((waiting, index) => waiting.resolve(results[index] as Out)),
          (error: unknown) => batch.forEach((waiting) => waiting.reject(error)),
        )
        .finally(() => {
          inFlight -= 1;
          schedule();
        });
    }
  }

  function schedule(): void {
    if (scheduled || queue.length === 0 || inFlight >= maxInFlight) return;
    scheduled = true;
    setImmediate(flush);
  }

  return (item) =>
    new Promise<Out>((resolve, reject) => {
      queue.push({ item, resolve, reject });
      schedule();
    });
}
