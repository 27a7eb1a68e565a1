import type { BaseRecord } from '@refinedev/core';
import type { ResourceDefinition, Role, TransitionDefinition } from '../../../../common/resources/types';
import { isMaker, mayPerform, startsFrom, stateOf } from '../../../../common/resources/workflow';
import { actsOn } from '../../../registry/row-rules';

// Which transitions a page offers, by the rules the server enforces (common/resources/workflow.ts):
// a button is there exactly when the server would take it, or drawn disabled with the reason
// when only maker-checker stands in the way (the maker should see that someone else must act).

export interface OfferedTransition {
  transition: TransitionDefinition;
  /** Set when the caller may not do it to this record: it is drawn disabled with this reason. */
  blocked?: 'makerChecker';
}

export interface Caller {
  role: Role | null;
  userId: string | null;
}

/** The transitions the generic row, detail, bulk and keyboard actions offer: not those taken in a panel of their own. */
export function generalTransitions(definition: ResourceDefinition): TransitionDefinition[] {
  return (definition.workflow?.transitions ?? []).filter((transition) => !transition.panel);
}

/** The transitions of `record`'s state that the caller's role may perform. */
export function offeredFor(definition: ResourceDefinition, record: BaseRecord, caller: Caller): OfferedTransition[] {
  const state = stateOf(definition, record);
  // A record the area's rule keeps from this caller (src/registry/row-rules.ts) offers nothing.
  if (!actsOn(definition.name, record, caller)) return [];
  return generalTransitions(definition)
    .filter((transition) => startsFrom(transition, state) && mayPerform(caller.role, definition, transition))
    .map((transition) => (isMaker(transition, record, caller.userId) ? { transition, blocked: 'makerChecker' as const } : { transition }));
}

/** The bulk transitions the caller's role may perform (each selected record then answers for itself). */
export function bulkOffered(definition: ResourceDefinition, role: Role | null): TransitionDefinition[] {
  return generalTransitions(definition).filter((transition) => transition.bulk && mayPerform(role, definition, transition));
}

/** Whether performing it asks the user something first: a reason, a comment, or a confirmation. */
export function asksFirst(transition: TransitionDefinition): boolean {
  return Boolean(transition.reasons?.length) || transition.comment !== undefined || Boolean(transition.danger);
}
