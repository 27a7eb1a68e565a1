import type { BaseRecord } from '@refinedev/core';
import type { ResourceDefinition, Role, TransitionDefinition } from '../../../../common/resources/types';
import { mayPerform } from '../../../../common/resources/workflow';
import type { ListHotkey } from '../list-keyboard';
import { generalTransitions } from './available';

/**
 * The keys of a resource's transitions for the list's focused row (list-keyboard.ts), those
 * the role may perform; whether the row's state and maker allow it is `perform`'s to say.
 */
export function transitionHotkeys(
  definition: ResourceDefinition,
  role: Role | null,
  perform: (transition: TransitionDefinition, record: BaseRecord) => void,
): ListHotkey[] {
  return generalTransitions(definition)
    .filter((transition): transition is TransitionDefinition & { hotkey: string } => Boolean(transition.hotkey) && mayPerform(role, definition, transition))
    .map((transition) => ({ key: transition.hotkey, labelKey: transition.labelKey, run: (record: BaseRecord) => perform(transition, record) }));
}
