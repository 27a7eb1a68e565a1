import { RESOURCES } from './resources/registry';
import type { ResourceAction, ResourceDefinition, Role } from './resources/types';

export interface AccessRequest {
  resource: string;
  action: ResourceAction;
}

export function isRole(value: unknown): value is Role {
  return value === 0 || value === 1 || value === 2;
}

/**
 * The single role rule, used by the client's accessControlProvider and by the
 * server's route guard, so the menu and the API can never disagree.
 * Anonymous callers (no role) are refused everything here.
 */
export function canAccess(
  role: Role | null | undefined,
  { resource, action }: AccessRequest,
  definitions: readonly ResourceDefinition[] = RESOURCES,
): boolean {
  if (!isRole(role)) return false;
  const definition = definitions.find((candidate) => candidate.name === resource);
  if (!definition || !definition.actions.includes(action)) return false;
  const needed = definition.actionRoles?.[action] ?? definition.minRole;
  return role <= needed;
}
