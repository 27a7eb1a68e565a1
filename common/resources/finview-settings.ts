import type { FieldDefinition, ResourceDefinition } from './types';

// Caps, brand, logo, watermark, retention and render concurrency (docs/finview.md "Settings"):
// one form from this definition (the generic one-form page), PUT as JSON with the version read.
// The bounds are the server's (server/src/modules/finview/routes-settings.ts), so the form
// refuses what the server would before sending; the server alone checks the even sizes and
// that the default frame rate is at most the highest.

const integer = (name: string, min: number, max: number, step = 1, extra: Partial<FieldDefinition> = {}): FieldDefinition => ({
  name,
  type: 'integer',
  labelKey: `finviewSettings.fields.${name}`,
  required: true,
  min,
  max,
  step,
  ...extra,
});

const colour = (name: string): FieldDefinition => ({ name: `brand.${name}`, type: 'text', labelKey: `finviewSettings.colours.${name}`, required: true, editor: 'colour' });

export const finviewSettings: ResourceDefinition = {
  name: 'finview-settings',
  area: 'finview',
  route: 'finview/settings',
  endpoint: 'be-api-management/finview/settings',
  labelKey: 'resources.finview-settings',
  icon: 'SettingOutlined',
  minRole: 1,
  actions: ['list', 'edit'],
  shape: 'form',
  module: 'FinView',
  fields: [
    integer('maxWidth', 16, 3840, 2),
    integer('maxHeight', 16, 2160, 2),
    integer('maxDurationSeconds', 1, 600),
    integer('maxFps', 1, 60),
    integer('defaultFps', 1, 60),
    // Workers are started with the instance: said where it is set.
    integer('renderConcurrency', 1, 4, 1, { help: 'finviewSettings.concurrencyHint' }),
    integer('renderTimeoutSeconds', 30, 3600),
    integer('retentionDays', 1, 3650),
    colour('background'),
    colour('foreground'),
    colour('accent'),
    { name: 'brand.fontFamily', type: 'text', labelKey: 'finviewSettings.fontFamily', required: true, editor: 'finview-font' },
    { name: 'brand.palette', type: 'text', labelKey: 'finviewSettings.palette', help: 'finviewSettings.paletteHint', editor: 'colour-list' },
    { name: 'logo', type: 'text', labelKey: 'finviewSettings.logo', help: 'finviewSettings.logoHint', editor: 'finview-logo' },
    { name: 'watermark', type: 'text', labelKey: 'finviewSettings.watermark', maxLength: 80 },
  ],
  form: {
    savedKey: 'server.finviewSettingsSaved',
    sections: [
      { titleKey: 'finviewSettings.caps', fields: ['maxWidth', 'maxHeight', 'maxDurationSeconds', 'maxFps', 'defaultFps'] },
      { titleKey: 'finviewSettings.rendering', fields: ['renderConcurrency', 'renderTimeoutSeconds', 'retentionDays'] },
      { titleKey: 'finviewSettings.brand', fields: ['brand.background', 'brand.foreground', 'brand.accent', 'brand.fontFamily', 'brand.palette', 'logo', 'watermark'] },
    ],
  },
};
