import type { TransitionStore } from '../../lib/workflow/transitions-service.js';
import type { CrudRecord } from './repository.js';
import type { CrudService } from './service.js';

/** The generic module's tables as a workflow's store (server/src/lib/workflow): a move is an update of the state's columns. */
export function crudTransitionStore(service: CrudService): TransitionStore {
  const { model, repository } = service;
  return {
    definition: model.definition,
    auditEntity: model.auditEntity,
    invalidCode: model.messages.invalid,
    transaction: service.guarded,
    locked: service.locked,
    async write(tx, key, values) {
      await repository.update(tx, key, values);
      return (await repository.find(tx, key)) as CrudRecord;
    },
    snapshot: (record) => service.snapshot(record as CrudRecord),
  };
}
