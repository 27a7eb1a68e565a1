// A render reports every frame (300 for 10 s at 30 fps); the jobs table and its NOTIFY need far
// fewer: a write when the value moved by `step` points, or by anything once `intervalMs` passed
// since the last write, and one write at a time, the newest value winning while one is under way.

export interface ProgressThrottleOptions {
  write(percent: number): Promise<void>;
  step?: number;
  intervalMs?: number;
  now?: () => number;
}

export interface ProgressThrottle {
  /** Any fraction 0..1 (clamped); whole per cents are written, and never 100 (that is the success). */
  report(fraction: number): void;
  /** Resolves when no write is under way or waiting. */
  settled(): Promise<void>;
}

export function progressThrottle(options: ProgressThrottleOptions): ProgressThrottle {
  const step = options.step ?? 2;
  const intervalMs = options.intervalMs ?? 500;
  const now = options.now ?? (() => performance.now());
  let written = 0;
  let writtenAt = -Infinity;
  let pending: number | null = null;
  let running: Promise<void> | null = null;

  const drain = async () => {
    while (pending !== null) {
      const value = pending;
      pending = null;
      written = value;
      writtenAt = now();
      // A failed write is not worth failing the job over: the next one, or the outcome, corrects it.
      await options.write(value).catch(() => undefined);
    }
    running = null;
  };

  return {
    report(fraction) {
      const percent = Math.min(99, Math.max(0, Math.floor(fraction * 100)));
      const target = pending ?? written;
      if (percent <= target) return;
      if (percent - written < step && now() - writtenAt < intervalMs) return;
      pending = percent;
      running ??= drain();
    },
    async settled() {
      await running;
    },
  };
}
