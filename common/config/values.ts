// The closed lists of the configuration, as plain values: the client reads them
// (stored preferences, the light config check) without loading TypeBox, and
// schema.ts builds the schema from the same lists.

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

export const KEY_PATTERN = '^[a-z][a-z0-9-]{0,39}$';
/** A menu or dashboard entry's name as people read it (SPEC.md: `name`). */
export const ENTRY_NAME_LENGTH = { minLength: 1, maxLength: 60 } as const;
export const MENU_CLASS_PATTERN = '^menu-[a-z-]+$';
export const MAIL_DOMAIN_PATTERN = '^[a-z0-9.-]+\\.[a-z]{2,}$';
export const PAGE_SIZE = { minimum: 5, maximum: 200 } as const;
export const MODULE_NAME_LENGTH = { minLength: 1, maxLength: 40 } as const;

export type ThemeColor = (typeof THEME_COLORS)[number];
export type Language = (typeof LANGUAGES)[number];
export type Direction = (typeof DIRECTIONS)[number];
export type Radius = (typeof RADII)[number];
export type ThemeMode = (typeof THEME_MODES)[number];
