import { useCustomMutation, useInvalidate, type BaseRecord } from '@refinedev/core';
import type { ResourceDefinition, TransitionDefinition } from '../../../../common/resources/types';
import { useRuntime } from '../../../registry/registry-context';
import { endpointPath } from '../../../registry/resource-urls';

// The generic module's transition routes (server/src/lib/workflow/transitions-routes.ts),
// sealed through the default data provider like every call: one record, or many at once.

export interface TransitionValues {
  reason?: string;
  comment?: string;
}

/** One record's answer in a bulk run, in the order asked (server/src/lib/workflow/transitions-schemas.ts bulkReplySchema). */
export type BulkRowResult =
  | { id: string; ok: true; record: BaseRecord }
  | { id: string; ok: false; code: string; message: string; params?: Record<string, string | number> };

/** The record's version, which the server checks (409 staleEdit when someone moved it first). */
export function versionOf(record: BaseRecord): number {
  return Number(record.version);
}

export function useTransitionCalls(definition: ResourceDefinition) {
  // Read when a transition runs: every list calls this hook, also those of resources without an endpoint.
  const { definitions } = useRuntime().registry;
  const base = () => endpointPath(definition.name, definitions);
  const invalidate = useInvalidate();
  const { mutateAsync, mutation } = useCustomMutation<BaseRecord | { result: BaseRecord } | { results: BulkRowResult[] }>();
  const quiet = { successNotification: false as const, errorNotification: false as const };
  const idField = definition.idField ?? 'id';
  // The list and any open record show the state: both read again after a run, done or not (a refusal may mean it moved).
  // Refine matches a detail by its id (none means the id ''): the record moved is named, else its page kept the old state.
  const refresh = (id?: string) => invalidate({ resource: definition.name, invalidates: id === undefined ? ['list', 'many'] : ['list', 'detail', 'many'], ...(id === undefined ? {} : { id }) });

  return {
    pending: mutation.isPending,
    async one(transition: TransitionDefinition, record: BaseRecord, values: TransitionValues): Promise<void> {
      const id = encodeURIComponent(String(record[idField]));
      try {
        await mutateAsync({ url: `${base()}/${id}/transitions/${transition.name}`, method: 'post', values: { version: versionOf(record), ...values }, ...quiet });
      } finally {
        void refresh(String(record[idField]));
      }
    },
    async many(transition: TransitionDefinition, records: readonly BaseRecord[], values: TransitionValues): Promise<BulkRowResult[]> {
      try {
        const items = records.map((record) => ({ id: String(record[idField]), version: versionOf(record) }));
        const { data } = await mutateAsync({ url: `${base()}/transitions/${transition.name}`, method: 'post', values: { items, ...values }, ...quiet });
        return 'results' in data && Array.isArray(data.results) ? data.results : [];
      } finally {
        void refresh();
      }
    },
  };
}
