// Resource definitions are plain data so the server can read them for access
// rules and validation, and the client can generate routes, menu and pages.

/** 0 Super Admin, 1 Admin, 2 User: a lower number is more powerful. */
export type Role = 0 | 1 | 2;
export const ROLES: readonly Role[] = [0, 1, 2];
export const ROLE_LABEL_KEYS: Record<Role, string> = {
  0: 'roles.superAdmin',
  1: 'roles.admin',
  2: 'roles.user',
};

export type ResourceAction = 'list' | 'show' | 'create' | 'edit' | 'delete';

export type FieldType = 'text' | 'email' | 'number' | 'boolean' | 'date' | 'select' | 'textarea';

export interface FieldDefinition {
  name: string;
  type: FieldType;
  labelKey: string;
  required?: boolean;
  /** Views the field appears in; all of them when absent. */
  views?: ReadonlyArray<'list' | 'show' | 'form'>;
  options?: ReadonlyArray<{ value: string | number; labelKey: string }>;
}

export interface AreaDefinition {
  /** The key config/app.json uses in `menu` and `dashboard`. */
  key: string;
  /** First segment of the hash route. */
  path: string;
  labelKey: string;
  /** An @ant-design/icons name, resolved by the client. */
  icon: string;
}

export interface ResourceDefinition {
  /** Unique Refine resource name. */
  name: string;
  area: string;
  /** Middle segment of the hash route: /{area.path}/{group}/{path}. */
  group: string;
  path: string;
  labelKey: string;
  icon: string;
  /** The least powerful role allowed; per-action overrides below. */
  minRole: Role;
  actionRoles?: Partial<Record<ResourceAction, Role>>;
  actions: readonly ResourceAction[];
  /** A config module that must be enabled for the resource to exist. */
  module?: string;
  /** Endpoint under the API base; absent while the module has no server side yet. */
  endpoint?: string;
  /** A custom page key the client maps to a lazy component; the generic pages otherwise. */
  page?: string;
  fields?: readonly FieldDefinition[];
}
