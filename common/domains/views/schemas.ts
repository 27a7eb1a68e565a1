import Type, { type Static } from 'typebox';
import { Id, literals, PageSize, Role, rule } from '../../schemas';
import { DENSITIES, VIEW_NAME_MAX } from './model';

// The saved views' and list preferences' bodies and answers (server/src/modules/views), written
// once: the server validates and serialises with these, the pages take the derived types.

/** A resource's name as the registry spells it (common/resources/*.ts). */
export const ResourceName = Type.String({ pattern: '^[a-z][a-z0-9-]{0,63}$' });
const FieldName = Type.String({ minLength: 1, maxLength: 100 });
const Version = Type.Integer({ minimum: 1, maximum: 2_147_483_647 });
export const Density = literals(DENSITIES);
const ViewName = Type.String({ minLength: 1, maxLength: VIEW_NAME_MAX, pattern: '\\S', description: rule('notBlank') });

/** One of Refine's filters (CrudFilter) as the list keeps it: the value is the list's own (text, list, boolean). */
export const ViewFilter = Type.Object(
  { field: FieldName, operator: Type.String({ pattern: '^[a-z]{2,12}$' }), value: Type.Unknown() },
  { additionalProperties: false },
);
export const ViewSorter = Type.Object({ field: FieldName, order: Type.Union([Type.Literal('asc'), Type.Literal('desc')]) }, { additionalProperties: false });

/**
 * What a view brings back: the list's filters (the search `q` among them), its order, the
 * visible columns, page size and density; each optional. At most 16 KB as JSON (model.ts).
 */
export const ViewState = Type.Object(
  {
    filters: Type.Optional(Type.Array(ViewFilter, { maxItems: 50 })),
    sorters: Type.Optional(Type.Array(ViewSorter, { maxItems: 5 })),
    columns: Type.Optional(Type.Array(FieldName, { maxItems: 100 })),
    pageSize: Type.Optional(PageSize),
    density: Type.Optional(Density),
  },
  { additionalProperties: false },
);

/**
 * Null: the view is its owner's alone. Null is tried first: the server's validator coerces
 * types, and with the role first a null would pass as role 0 (shared with Super Admins).
 */
const SharedRole = Type.Union([Type.Null(), Role]);

export const ViewBody = Type.Object({ resource: ResourceName, name: ViewName, state: ViewState, sharedRole: SharedRole });
/** A change to one's own view: what is left out stays; `version` is the one read (409 staleEdit when stale). */
export const ViewChange = Type.Object({ name: Type.Optional(ViewName), state: Type.Optional(ViewState), sharedRole: Type.Optional(SharedRole), version: Version });
export const ViewDelete = Type.Object({ version: Version });
export const ViewsQuery = Type.Object({ resource: ResourceName });
export const ViewParams = Type.Object({ id: Id });
export const ResourceParams = Type.Object({ resource: ResourceName });

export const ViewAnswer = Type.Object({
  id: Id,
  resource: Type.String(),
  name: Type.String(),
  state: ViewState,
  sharedRole: SharedRole,
  owner: Type.Object({ id: Id, name: Type.String() }),
  /** The caller owns it: only then may they change or delete it. */
  mine: Type.Boolean(),
  version: Type.Integer(),
});

/** A user's columns (null: the list's defaults) and density for one list. */
export const Preferences = Type.Object({ columns: Type.Union([Type.Null(), Type.Array(FieldName, { maxItems: 100 })]), density: Density }, { additionalProperties: false });

export type ViewStateValue = Static<typeof ViewState>;
export type ViewBodyValue = Static<typeof ViewBody>;
export type ViewChangeValue = Static<typeof ViewChange>;
export type ViewAnswerValue = Static<typeof ViewAnswer>;
export type PreferencesValue = Static<typeof Preferences>;
