import Type from 'typebox';

// The runtime configuration is data, not code: admins edit config/app.json and
// the server validates it with this schema at start and on every reload, and
// the client reads the same types. Nothing here may import React or Node.

const Key = Type.String({ pattern: '^[a-z][a-z0-9-]{0,39}$' });

export const MenuEntrySchema = Type.Object(
  { key: Key, active: Type.Boolean() },
  { additionalProperties: false },
);

export const ModuleEntrySchema = Type.Object(
  { name: Type.String({ minLength: 1, maxLength: 40 }), enabled: Type.Boolean() },
  { additionalProperties: false },
);

export const THEME_COLORS = [
  'bluenavy',
  'blueyale',
  'blueolympic',
  'greenmoss',
  'greenlime',
  'purplemonster',
  'orangecarrot',
  'redruby',
  'yellowgranola',
  'greysteel',
] as const;

export const LANGUAGES = ['en', 'es'] as const;
export const DIRECTIONS = ['ltr', 'rtl'] as const;
export const RADII = ['rounded', 'flat'] as const;
export const THEME_MODES = ['light', 'dark'] as const;

export const DefaultsSchema = Type.Object(
  {
    language: Type.Enum(LANGUAGES),
    direction: Type.Enum(DIRECTIONS),
    theme: Type.Enum(THEME_COLORS),
    themeMode: Type.Enum(THEME_MODES),
    radius: Type.Enum(RADII),
    menuClass: Type.String({ pattern: '^menu-[a-z-]+$' }),
    pageSize: Type.Integer({ minimum: 5, maximum: 200 }),
    mailDomain: Type.String({ pattern: '^[a-z0-9.-]+\\.[a-z]{2,}$' }),
  },
  { additionalProperties: false },
);

export const AppConfigSchema = Type.Object(
  {
    product: Key,
    // Where the client finds the UI service; relative to the page when it
    // starts with '/', so one build can point at another service.
    apiBaseUrl: Type.String({ minLength: 1 }),
    dashboard: Type.Array(MenuEntrySchema),
    menu: Type.Array(MenuEntrySchema),
    modules: Type.Array(ModuleEntrySchema),
    defaults: DefaultsSchema,
  },
  { additionalProperties: false },
);

export type AppConfig = Type.Static<typeof AppConfigSchema>;
export type MenuEntry = Type.Static<typeof MenuEntrySchema>;
export type ModuleEntry = Type.Static<typeof ModuleEntrySchema>;
export type AppDefaults = Type.Static<typeof DefaultsSchema>;
export type ThemeColor = (typeof THEME_COLORS)[number];
export type Language = (typeof LANGUAGES)[number];
export type Direction = (typeof DIRECTIONS)[number];
