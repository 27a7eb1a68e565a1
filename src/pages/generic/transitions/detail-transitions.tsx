import type { BaseRecord } from '@refinedev/core';
import type { ResourceDefinition } from '../../../../common/resources/types';
import { TransitionButtons } from './transition-buttons';
import { useWorkflow } from './use-workflow';

/** A show page's transitions, in its header: the record's offered ones, and their dialog. */
export function DetailTransitions({ definition, record, disabled }: { definition: ResourceDefinition; record: BaseRecord | undefined; disabled?: boolean }) {
  const workflow = useWorkflow(definition);
  if (!definition.workflow || !record || disabled) return null;
  const id = String(record[definition.idField ?? 'id']);
  return (
    <>
      {workflow.dialog}
      <TransitionButtons workflow={workflow} record={record} id={id} />
    </>
  );
}
