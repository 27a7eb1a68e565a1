import type { ResourceDefinition } from './types';

/**
 * The page a resource's list is drawn by: its own (`page`, `actionPages.list`), the generic
 * list (`generic`), or none (no list action, one form, no endpoint yet). count:generic and the
 * browser flow over every generic list (tests/e2e/generic-lists.test.ts) both ask it.
 */
export function listPage(definition: ResourceDefinition): 'generic' | string | undefined {
  if (!definition.actions.includes('list') || definition.shape === 'form') return undefined;
  return definition.actionPages?.list ?? definition.page ?? (definition.endpoint ? 'generic' : undefined);
}
