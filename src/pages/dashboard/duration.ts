// An age or a latency in seconds, as the dashboard says it: the two largest units that matter,
// in the reader's language by Intl (no catalogue words: "1 hr 2 min", "1 h 2 min").

export type DurationUnit = 'second' | 'minute' | 'hour' | 'day';
export interface DurationPart {
  unit: DurationUnit;
  value: number;
}

/** 45 → 45 s; 125 → 2 min; 3 720 → 1 h 2 min; 93 600 → 1 d 2 h. Negative or fractional seconds are rounded into range. */
export function durationParts(seconds: number): DurationPart[] {
  const total = Math.max(0, Math.round(seconds));
  if (total < 60) return [{ unit: 'second', value: total }];
  const minutes = Math.floor(total / 60);
  if (minutes < 60) return [{ unit: 'minute', value: minutes }];
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return [{ unit: 'hour', value: hours }, { unit: 'minute', value: minutes % 60 }];
  return [{ unit: 'day', value: Math.floor(hours / 24) }, { unit: 'hour', value: hours % 24 }];
}

export function formatDuration(seconds: number, language: string): string {
  const parts = durationParts(seconds).map(({ unit, value }) => new Intl.NumberFormat(language, { style: 'unit', unit, unitDisplay: 'short' }).format(value));
  return new Intl.ListFormat(language, { type: 'unit', style: 'narrow' }).format(parts);
}
