// Resource definitions are plain data so the server can read them for access rules,
// validation and storage, and the client can generate routes, menu and pages.
// One definition per entity: the API's schemas, the list, the form, the show page and
// the menu entry all come from it (see README "Adding a resource").

import type { FieldRuleName } from './field-rules';
import type { ServerMessageCode } from '../messages';

/** 0 Super Admin, 1 Admin, 2 User: a lower number is more powerful. */
export type Role = 0 | 1 | 2;
export const ROLES: readonly Role[] = [0, 1, 2];
export const ROLE_LABEL_KEYS: Record<Role, string> = {
  0: 'roles.superAdmin',
  1: 'roles.admin',
  2: 'roles.user',
};

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export type FieldType =
  | 'text'
  | 'textarea'
  | 'email'
  | 'url'
  | 'integer'
  | 'number'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'select'
  | 'reference';

export type FieldView = 'list' | 'show' | 'form';

/**
 * A named cell: how a list column (and the show page) draws a value. The client maps each
 * name to one component (src/pages/generic/cells); a resource that needs its own drawing
 * registers a new name there, never a page of its own.
 */
export type CellName =
  | 'text'
  | 'status'
  | 'relativeAge'
  | 'masked'
  | 'number'
  | 'money'
  | 'date'
  | 'datetime'
  | 'boolean'
  | 'thumbnail'
  | 'user'
  | 'reference'
  | (string & {});

/** How a column filters: `?{name}=` on the API (a dateRange as `from,to`; a multiSelect as `a,b`). */
export type FilterKind = 'text' | 'select' | 'multiSelect' | 'boolean' | 'dateRange';

/** How a field appears as a list column. */
export interface ListColumn {
  sortable?: boolean;
  /** The filter its column header offers; the value goes to the API as `?{name}=`. */
  filter?: FilterKind;
  /** Pixels. */
  width?: number;
  /** The named cell that draws the value; derived from the field's type when absent. */
  cell?: CellName;
  /** Left out of the list until the user turns it on in the column chooser. */
  hidden?: boolean;
}

export interface FieldOption {
  value: string | number;
  labelKey: string;
}

export interface FieldDefinition {
  name: string;
  type: FieldType;
  labelKey: string;
  required?: boolean;
  /** Characters, for text types. */
  minLength?: number;
  maxLength?: number;
  /** Bounds, for number types. */
  min?: number;
  max?: number;
  /** A rule of ./field-rules, checked the same way by the form and the server. */
  rule?: FieldRuleName;
  /**
   * Another date or datetime field's name: when both have a value, this one must be later
   * (a notice expires after it starts). The form and the server both check it (422 `notBeforeField`).
   */
  notBefore?: string;
  /** The value a new record starts with. */
  default?: string | number | boolean | null;
  /** Set by the server (ids, timestamps, counts): shown, never sent. */
  readOnly?: boolean;
  /** Views the field appears in; all of them when absent. */
  views?: readonly FieldView[];
  /** A list column: absent or false, the list leaves the field out. */
  list?: ListColumn | false;
  /** A fixed list of values (type select). */
  options?: readonly FieldOption[];
  /** Values taken from another resource's records (type reference): stored is `value`, shown is `label`. */
  reference?: {
    resource: string;
    label: string;
    value?: string;
    /**
     * Where the choice is read from (one GET, every option, records with `value` and `label`)
     * when callers of this resource may not list the referenced one: an Admin filtering users
     * by enterprise (be-api-management/admin/users/enterprise-options). The resource's list otherwise.
     */
    optionsEndpoint?: string;
    /**
     * The session storage key (src/providers/view-state.ts) the text typed in the select's
     * search is kept under for the user's return: the news feeds' company search (SPEC.md
     * section 3's `searchText`).
     */
    keepSearchAs?: 'searchText';
  };
  /** Two records may not share a value (a unique index): a clash answers 409 on this field. */
  unique?: boolean;
  /** The database column, for resources with `storage`; snake_case of the name by default. */
  column?: string;
  /**
   * Set by the generic server module on create, never by the caller: `actor` is the signed-in
   * user's id (who reported, who made it: what maker-checker compares), `now` the time.
   */
  auto?: 'actor' | 'now';
  /** An i18n key: the help text under the field's input (a one-form resource's settings). */
  help?: string;
  /** An i18n key: the unit shown after a number's input ("s", "days"). */
  unit?: string;
  /** The step of a number's input. */
  step?: number;
  /**
   * A named editor (src/pages/generic/editors, an area's in src/registry/editors.ts) that edits
   * the value instead of the type's input: a colour, a logo, a certificate upload.
   */
  editor?: string;
}

/** A state of a workflow: the value stored in the workflow's field. */
export interface WorkflowState {
  value: string;
  labelKey: string;
  /** An antd tag colour (success, processing, warning, error, default). */
  color?: string;
}

/**
 * One move between states. The generic server module performs it (role, maker-checker,
 * version check, reason, audit with before/after, domain event: one transaction per record)
 * and the generic pages offer it as a row, bulk and detail action.
 */
export interface TransitionDefinition {
  /** The URL's and the audit log's action name: `POST {endpoint}/{id}/transitions/{name}`. */
  name: string;
  labelKey: string;
  /** States it may start from. */
  from: readonly string[];
  to: string;
  /** The least powerful role allowed; the resource's edit role by default. */
  minRole?: Role;
  /** A reason picked from this list must be given; stored in `workflow.reasonField`. */
  reasons?: readonly FieldOption[];
  /** A free comment: optional or required; stored in `workflow.commentField`. */
  comment?: 'optional' | 'required';
  /** Maker-checker: the user whose id is in this field (an `auto: 'actor'` field) may not perform it. */
  notBy?: string;
  /** May be done to many selected records at once (each record answers for itself). */
  bulk?: boolean;
  /** One key that performs it on the focused row of a list (never j, k, x, ?, Enter). */
  hotkey?: string;
  /** Asks for confirmation and is drawn as a dangerous action. */
  danger?: boolean;
  /** The domain event emitted inside the transition's transaction (server/src/lib/domain-events.ts). */
  event?: string;
  /**
   * Taken only inside this named panel of the show page (src/pages/generic/panels), which shows
   * first what the decision needs (KYC: the masked image beside "approve"); the generic row,
   * detail, bulk and keyboard actions leave it out. The server's routes are the same.
   */
  panel?: string;
}

export interface WorkflowDefinition {
  /** The field holding the state (a select field whose options are the states). */
  field: string;
  states: readonly WorkflowState[];
  transitions: readonly TransitionDefinition[];
  /** Where a transition's reason and comment are written, when the resource keeps them. */
  reasonField?: string;
  commentField?: string;
}

/**
 * A dashboard work queue: a saved filter of the resource's list whose count (and oldest
 * item's age) the dashboard shows, linking to the filtered list.
 */
export interface QueueDefinition {
  key: string;
  labelKey: string;
  /** The list's `?{field}=value` filters that make the queue. */
  filters: Readonly<Record<string, string>>;
  /** The least powerful role that sees it; the resource's list role by default. */
  minRole?: Role;
  /** A datetime field: the oldest item's age is measured from it. */
  ageField?: string;
  /** Minutes: the tile turns amber past half and red past the whole. */
  targetMinutes?: number;
}

/** Where the generic server module keeps a resource: one table, made by its migration. */
export interface StorageDefinition {
  /** Where writes go; it has a `version` column (optimistic concurrency) and the audit log records every change. */
  table: string;
  /** A view the reads come from, for derived fields (counts); the table by default. */
  readFrom?: string;
  /** Fields the list's `q` parameter searches (case-insensitive, anywhere in the text). */
  search?: readonly string[];
  /** `field:asc|desc`; the id breaks ties. */
  defaultSort?: string;
  /** The audit log's `entity` for its records; the resource name by default. */
  auditEntity?: string;
  /** Legacy answers (API.md's news module) wrap one record as `{result: record}`; bare by default. */
  envelope?: 'result';
  /** Catalogue sentences this resource answers with instead of `notFound`, `validation` and `recordTaken`. */
  messages?: { notFound?: ServerMessageCode; invalid?: ServerMessageCode; taken?: ServerMessageCode };
}

export interface AreaDefinition {
  /** The route-like slug config/app.json's entries name (SPEC.md `value`): the area menu's route. */
  value: string;
  labelKey: string;
  /** An @ant-design/icons name, resolved by the client. */
  icon: string;
}

export interface ResourceDefinition {
  /** Unique Refine resource name. */
  name: string;
  /** The `value` of its area. */
  area: string;
  /** The hash route of its list, as SPEC.md section 2 writes it, without the leading slash. */
  route: string;
  labelKey: string;
  icon: string;
  /** The least powerful role allowed; per-action overrides below. */
  minRole: Role;
  actionRoles?: Partial<Record<ResourceAction, Role>>;
  actions: readonly ResourceAction[];
  /** A config module that must be enabled for the resource to exist. */
  module?: string;
  /** Endpoint under the data provider's API base; absent while the module has no server side yet. */
  endpoint?: string;
  /** A named data provider of config/app.json (`dataProviders`); the sealed UI service by default. */
  dataProvider?: string;
  /** A custom page key the client maps to a lazy component; the generic pages otherwise. */
  page?: string;
  /** A custom page for one action only (companies' create is the Excel upload); the others stay generic. */
  actionPages?: Partial<Record<Exclude<ResourceAction, 'delete'>, string>>;
  /** Keys of extra buttons the client adds to the generic list's header (src/pages/generic/header-actions.tsx). */
  headerActions?: readonly string[];
  /**
   * Updates go as `POST {idField, ...values}` to this endpoint (API.md's legacy
   * update-company) instead of `PUT` on the record's URL.
   */
  updateEndpoint?: string;
  fields?: readonly FieldDefinition[];
  /** The field that identifies a record (in URLs and API bodies); `id` by default. */
  idField?: string;
  /** Present when the generic server module serves the resource from one table. */
  storage?: StorageDefinition;
  /** States and transitions; served and drawn by the generic module and pages. */
  workflow?: WorkflowDefinition;
  /** Work queues the dashboard shows for this resource. */
  queues?: readonly QueueDefinition[];
  /** List-wide behaviour of the generic list. */
  list?: ListDefinition;
  /** Named panels the generic show page draws under the fields (src/pages/generic/panels). */
  panels?: readonly string[];
  /**
   * Named actions on each row and on the show page (src/registry/row-actions.ts), for what is
   * not a state's transition: a user's password reset, a feed's "run now".
   */
  rowActions?: readonly string[];
  /**
   * `form`: the route is one form (settings, an upload, a builder), not a list of records; the
   * generic list does not apply and `npm run count:generic` does not count it as a list.
   */
  shape?: 'list' | 'form';
  /** How the generic one-form page (shape `form` with an endpoint and fields) lays out and sends the form. */
  form?: SingletonFormDefinition;
}

/**
 * One record at the endpoint (settings): GET shows it, PUT saves it with its `version` when it has
 * one (src/pages/generic/generic-settings-form.tsx).
 */
export interface SingletonFormDefinition {
  /** Cards of the form, each titled, with the fields it holds in order; one untitled card by default. */
  sections?: readonly { titleKey: string; fields: readonly string[] }[];
  /** `multipart`: the PUT is multipart/form-data (a file among the fields); JSON by default. */
  encoding?: 'json' | 'multipart';
  /** An i18n key: the toast after a save; `generic.settingsSaved` by default. */
  savedKey?: string;
}

export interface ListDefinition {
  /** A select field whose options (and "all") the list offers as tabs above the table. */
  tabs?: string;
  /** A live channel (server/src/lib/live) whose events refresh the list. */
  liveChannel?: string;
  /**
   * Fields of the channel's events that change nothing the list shows (a render's `progress`,
   * drawn by its cell from the stream itself): an event that differs from one already seen
   * only in these does not re-read the list.
   */
  liveIgnores?: readonly string[];
  /** Export of the filtered set (or the selection) as .xlsx and CSV; on for stored resources. */
  export?: boolean;
  /** Rows are opened in the show page by Enter / a click on the title cell (default when the resource has `show`). */
  openOnEnter?: boolean;
  /**
   * Fields the list's `q` parameter searches, for a resource whose module serves its own list
   * (a stored resource says it in `storage.search`): the list then shows its search box.
   */
  search?: readonly string[];
  /** Filters every request of the list carries, which the user cannot remove (reports: `kind=report`). */
  permanentFilters?: Readonly<Record<string, string>>;
  /** A named panel (src/pages/generic/panels) drawn under a row the user expands (an audit record's change). */
  expand?: string;
}
