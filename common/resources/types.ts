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

/** How a field appears as a list column. */
export interface ListColumn {
  sortable?: boolean;
  /** The filter its column header offers; the value goes to the API as `?{name}=`. */
  filter?: 'text' | 'select' | 'boolean' | 'dateRange';
  /** Pixels. */
  width?: number;
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
  reference?: { resource: string; label: string; value?: string };
  /** Two records may not share a value (a unique index): a clash answers 409 on this field. */
  unique?: boolean;
  /** The database column, for resources with `storage`; snake_case of the name by default. */
  column?: string;
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
}
