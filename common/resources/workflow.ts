import { isRole } from '../access';
import type { ResourceDefinition, Role, TransitionDefinition, WorkflowState } from './types';

// The workflow rules the server enforces and the pages follow, written once so a button is
// offered exactly when the server would accept it (the role rule is common/access.ts's, this
// adds the per-transition role, the state and maker-checker).

/** The least powerful role that may perform `transition`: its own, else the resource's edit role. */
export function transitionRole(definition: ResourceDefinition, transition: TransitionDefinition): Role {
  return transition.minRole ?? definition.actionRoles?.edit ?? definition.minRole;
}

export function mayPerform(role: Role | null | undefined, definition: ResourceDefinition, transition: TransitionDefinition): boolean {
  return isRole(role) && role <= transitionRole(definition, transition);
}

export function findTransition(definition: ResourceDefinition, name: string): TransitionDefinition | undefined {
  return definition.workflow?.transitions.find((transition) => transition.name === name);
}

/** The record's state: the value of the workflow's field, as stored. */
export function stateOf(definition: ResourceDefinition, record: Readonly<Record<string, unknown>>): string | undefined {
  const field = definition.workflow?.field;
  const value = field === undefined ? undefined : record[field];
  return value === undefined || value === null ? undefined : String(value);
}

export function stateDefinition(definition: ResourceDefinition, value: unknown): WorkflowState | undefined {
  return definition.workflow?.states.find((state) => state.value === String(value));
}

export function startsFrom(transition: TransitionDefinition, state: string | undefined): boolean {
  return state !== undefined && transition.from.includes(state);
}

/**
 * Maker-checker: whether `userId` is the one the transition's `notBy` field names (ids are
 * bigints, strings on the wire, so both sides compare as text).
 */
export function isMaker(transition: TransitionDefinition, record: Readonly<Record<string, unknown>>, userId: string | number | null | undefined): boolean {
  if (!transition.notBy || userId === null || userId === undefined) return false;
  const maker = record[transition.notBy];
  return maker !== null && maker !== undefined && String(maker) === String(userId);
}
