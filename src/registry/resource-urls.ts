import { apiPath } from '../../common/resources/generate';
import { useRuntime } from './registry-context';
import { RESOURCES } from '../../common/resources/registry';
import type { ResourceDefinition } from '../../common/resources/types';

// Custom pages take their API paths from the registry, never from string constants:
// a resource's endpoint, or its module's base (the endpoint's folder) for the calls
// around it (API.md: news-details, update-company, users/:id/approve ...).

function definitionOf(name: string, definitions: readonly ResourceDefinition[]): ResourceDefinition {
  const definition = definitions.find((candidate) => candidate.name === name) ?? RESOURCES.find((candidate) => candidate.name === name);
  if (!definition?.endpoint) throw new Error(`resource "${name}" has no endpoint in the registry`);
  return definition;
}

/** `/be-api-management/admin/users` for 'users': the path of a resource's endpoint under the API base. */
export function endpointPath(name: string, definitions: readonly ResourceDefinition[] = RESOURCES): string {
  return apiPath(definitionOf(name, definitions).endpoint ?? '');
}

/** `/be-api-management/news` for 'news-feeds': the folder of a resource's endpoint, where its module's other calls live. */
export function moduleApiPath(name: string, definitions: readonly ResourceDefinition[] = RESOURCES): string {
  return endpointPath(name, definitions).replace(/\/[^/]+$/, '');
}

export function useEndpointPath(name: string): string {
  return endpointPath(name, useRuntime().registry.definitions);
}

export function useModuleApiPath(name: string): string {
  return moduleApiPath(name, useRuntime().registry.definitions);
}
