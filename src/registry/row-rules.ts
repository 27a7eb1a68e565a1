import type { BaseRecord } from '@refinedev/core';
import type { TransitionDefinition } from '../../common/resources/types';
import type { Caller } from '../pages/generic/transitions/available';
import { USER_ROW_RULE } from '../pages/admin/user-row-rule';

/**
 * What a record allows the caller beyond the role and the workflow's states, for a resource
 * whose module refuses more on the server (an Admin may not touch a Super Admin): the generic
 * list and show page then leave out what would be refused, and a dangerous transition may ask
 * in the area's own words (disabling one's own account signs one out).
 */
export interface RowRule {
  /** Whether the caller may act on the record at all: its transitions, edit and named actions. */
  actsOn?(record: BaseRecord, caller: Caller): boolean;
  /** The i18n key of the confirmation a dangerous transition asks for this record (given action, name, state), instead of workflow.confirm. */
  confirmKey?(transition: TransitionDefinition, record: BaseRecord, caller: Caller): string | undefined;
}

/** By resource name, as ROW_ACTIONS names actions: the generic pages read this map and know no area. */
export const ROW_RULES: Record<string, RowRule> = {
  users: USER_ROW_RULE,
};

/** Whether `caller` may act on `record` of `resource` (true without a rule). */
export function actsOn(resource: string, record: BaseRecord, caller: Caller): boolean {
  return ROW_RULES[resource]?.actsOn?.(record, caller) ?? true;
}
