import Type from 'typebox';
import {
  DIRECTIONS,
  ENTRY_NAME_LENGTH,
  KEY_PATTERN,
  LANGUAGES,
  MAIL_DOMAIN_PATTERN,
  MENU_CLASS_PATTERN,
  MODULE_NAME_LENGTH,
  PAGE_SIZE,
  RADII,
  THEME_COLORS,
  THEME_MODES,
} from './values';

export { DIRECTIONS, LANGUAGES, RADII, THEME_COLORS, THEME_MODES };
export type { Direction, Language, Radius, ThemeColor, ThemeMode } from './values';

// The runtime configuration is data, not code: admins edit config/app.json and
// the server validates it with this schema at start and on every reload, and
// the client reads the same types. Nothing here may import React or Node.

const Key = Type.String({ pattern: KEY_PATTERN });

/** SPEC.md section 3: `value` is the area's route-like slug (`news-management`). */
export const MenuEntrySchema = Type.Object(
  { name: Type.String(ENTRY_NAME_LENGTH), value: Key, isActive: Type.Boolean() },
  { additionalProperties: false },
);

export const ModuleEntrySchema = Type.Object(
  { name: Type.String(MODULE_NAME_LENGTH), isEnabled: Type.Boolean() },
  { additionalProperties: false },
);

/**
 * Another instance of the sealed UI service (README "Data providers"): its API base, relative
 * to the page or absolute (another origin, which must list this app in its CORS_ORIGINS).
 * A resource uses it when its definition names it (`dataProvider`) or when it is listed here.
 */
export const DataProviderEntrySchema = Type.Object(
  {
    apiBaseUrl: Type.String({ minLength: 1 }),
    resources: Type.Optional(Type.Array(Key)),
  },
  { additionalProperties: false },
);

export const DefaultsSchema = Type.Object(
  {
    language: Type.Enum(LANGUAGES),
    direction: Type.Enum(DIRECTIONS),
    theme: Type.Enum(THEME_COLORS),
    themeMode: Type.Enum(THEME_MODES),
    radius: Type.Enum(RADII),
    menuClass: Type.String({ pattern: MENU_CLASS_PATTERN }),
    pageSize: Type.Integer(PAGE_SIZE),
    mailDomain: Type.String({ pattern: MAIL_DOMAIN_PATTERN }),
  },
  { additionalProperties: false },
);

export const AppConfigSchema = Type.Object(
  {
    product: Key,
    // Where the client finds the UI service; relative to the page when it
    // starts with '/', so one build can point at another service.
    apiBaseUrl: Type.String({ minLength: 1 }),
    // Sent as `x-api-key` on the Excel endpoints (API.md); runtime configuration
    // on both sides, so the server reads it from this same file.
    excelApiKey: Type.String({ minLength: 16, maxLength: 200 }),
    // Named data providers besides `default` (which is apiBaseUrl), each a sealed UI service.
    dataProviders: Type.Optional(Type.Record(Type.String({ pattern: KEY_PATTERN }), DataProviderEntrySchema, { additionalProperties: false })),
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
export type DataProviderEntry = Type.Static<typeof DataProviderEntrySchema>;
export type AppDefaults = Type.Static<typeof DefaultsSchema>;
