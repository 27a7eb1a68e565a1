/** Percentile of already sorted numbers (nearest rank). */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[rank] as number;
}

export function summarize(samples: readonly number[]): { mean: number; p50: number; p95: number } {
  const sorted = [...samples].sort((a, b) => a - b);
  const mean = sorted.reduce((sum, value) => sum + value, 0) / Math.max(1, sorted.length);
  return { mean, p50: percentile(sorted, 50), p95: percentile(sorted, 95) };
}

export const ms = (value: number): string => `${value.toFixed(2)} ms`;
