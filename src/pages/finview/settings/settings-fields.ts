import type { FinviewSettings } from '../../../../common/domains/finview/model';

// The settings form's fields (docs/finview.md "Settings") and their bounds as the server checks them,
// so the form refuses what the server would before sending.

export const NUMBER_FIELDS = [
  { name: 'maxWidth', min: 16, max: 3840, step: 2 },
  { name: 'maxHeight', min: 16, max: 2160, step: 2 },
  { name: 'maxDurationSeconds', min: 1, max: 600, step: 1 },
  { name: 'maxFps', min: 1, max: 60, step: 1 },
  { name: 'defaultFps', min: 1, max: 60, step: 1 },
  { name: 'renderConcurrency', min: 1, max: 4, step: 1 },
  { name: 'renderTimeoutSeconds', min: 30, max: 3600, step: 1 },
  { name: 'retentionDays', min: 1, max: 3650, step: 1 },
] as const satisfies ReadonlyArray<{ name: keyof FinviewSettings; min: number; max: number; step: number }>;

export const COLOUR_FIELDS = ['background', 'foreground', 'accent'] as const;

/** Every field a 422 may name (`errors[field]`), dotted as the server sends them. */
export const SETTINGS_ERROR_FIELDS = [
  ...NUMBER_FIELDS.map((field) => field.name),
  ...COLOUR_FIELDS.map((field) => `brand.${field}` as const),
  'brand.palette',
  'brand.fontFamily',
  'logo',
  'watermark',
] as const;

export const LOGO_MAX_BYTES = 1024 * 1024;
export const LOGO_TYPES = ['image/png', 'image/jpeg'];

export type SettingsInput = Omit<FinviewSettings, 'updatedAt' | 'updatedBy'>;

/** The PUT body: the form's values with the loaded version, palette colours that are set only. */
export function settingsBody(values: Omit<SettingsInput, 'version'>, version: number): SettingsInput {
  return {
    ...values,
    brand: { ...values.brand, palette: values.brand.palette.filter((colour) => typeof colour === 'string' && colour !== '') },
    watermark: values.watermark ?? '',
    logo: values.logo ?? null,
    version,
  };
}

/** An antd ColorPicker's value (a Color object or text) as #rrggbb. */
export function hexOf(value: unknown): string {
  if (typeof value === 'string') return value.slice(0, 7).toLowerCase();
  const color = value as { toHexString?: () => string } | null;
  return color?.toHexString ? color.toHexString().slice(0, 7).toLowerCase() : '';
}
