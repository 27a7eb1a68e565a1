import type { BaseRecord } from '@refinedev/core';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition, TransitionDefinition } from '../../../../common/resources/types';
import { errorText } from '../../../components/error-text';
import { notify, serverMessageOf, useIdentity, useRole } from '../../../providers';
import { ROW_RULES } from '../../../registry/row-rules';
import { titleField } from '../field-input';
import type { ListHotkey } from '../list-keyboard';
import { asksFirst, bulkOffered, offeredFor, type Caller, type OfferedTransition } from './available';
import { transitionHotkeys } from './hotkeys';
import { TransitionDialog, type DialogRequest } from './transition-dialog';
import { useTransitionCalls, type BulkRowResult, type TransitionValues } from './transition-api';

/** What a bulk run did, kept on screen until dismissed: refused rows with the server's reason in the reader's words. */
export interface BulkSummary {
  transition: TransitionDefinition;
  done: number;
  refused: Array<{ id: string; name: string; reason: string }>;
}

interface Run {
  transition: TransitionDefinition;
  records: BaseRecord[];
  bulk: boolean;
}

export interface Workflow {
  caller: Caller;
  offered(record: BaseRecord): OfferedTransition[];
  /** The bulk transitions the role may perform. */
  bulk: TransitionDefinition[];
  /** Runs it on one record (asking first when it declares a reason, comment or danger). */
  performOne(transition: TransitionDefinition, record: BaseRecord): void;
  performMany(transition: TransitionDefinition, records: readonly BaseRecord[]): void;
  hotkeys: readonly ListHotkey[];
  /** The dialog element: render it once where the workflow is used. */
  dialog: ReactNode;
  summary: BulkSummary | undefined;
  clearSummary(): void;
  pending: boolean;
}

/**
 * A resource's transitions on a page: which are offered, the dialog that asks for a reason or
 * comment, the calls, and what the user is told (a toast for one record, a summary for many).
 * `onBulkDone` gets each record's answer (the list keeps the refused ones selected).
 */
export function useWorkflow(definition: ResourceDefinition, onBulkDone?: (results: BulkRowResult[]) => void): Workflow {
  const { t } = useTranslation();
  const identity = useIdentity();
  const role = useRole();
  const caller = useMemo<Caller>(() => ({ role, userId: identity?.id ?? null }), [role, identity?.id]);
  const calls = useTransitionCalls(definition);
  const [asking, setAsking] = useState<Run>();
  const [summary, setSummary] = useState<BulkSummary>();
  const idField = definition.idField ?? 'id';
  const nameOf = (record: BaseRecord) => String(record[titleField(definition)] ?? record[idField] ?? '');

  async function run({ transition, records, bulk }: Run, values: TransitionValues): Promise<void> {
    const action = t(transition.labelKey);
    if (!bulk) {
      const [record] = records;
      if (!record) return;
      try {
        await calls.one(transition, record, values);
        notify({ type: 'success', key: `transition-${definition.name}`, message: t('workflow.done', { action, name: nameOf(record) }) });
      } catch (error) {
        notify({ type: 'error', key: `transition-${definition.name}`, message: t('workflow.refused', { action, name: nameOf(record) }), description: errorText(error, t) });
      }
      return;
    }
    try {
      const results = await calls.many(transition, records, values);
      const byId = new Map(records.map((record) => [String(record[idField]), record]));
      const refused = results.flatMap((row) => {
        if (row.ok) return [];
        const record = byId.get(row.id);
        return [{ id: row.id, name: record ? nameOf(record) : row.id, reason: serverMessageOf(row, t) ?? row.message }];
      });
      const done = results.length - refused.length;
      const next = { transition, done, refused };
      setSummary(next);
      notify({ type: refused.length > 0 ? 'warning' : 'success', key: `transition-${definition.name}`, message: summaryTitle(next) });
      onBulkDone?.(results);
    } catch (error) {
      notify({ type: 'error', key: `transition-${definition.name}`, message: t('workflow.refused', { action, name: t('workflow.selected', { count: records.length }) }), description: errorText(error, t) });
    }
  }

  function summaryTitle({ transition, done, refused }: BulkSummary): string {
    return t('workflow.summaryTitle', {
      action: t(transition.labelKey),
      done: t('workflow.summaryDone', { count: done }),
      refused: t('workflow.summaryRefused', { count: refused.length }),
    });
  }

  function start(request: Run): void {
    if (asksFirst(request.transition)) setAsking(request);
    else void run(request, {});
  }

  function performOne(transition: TransitionDefinition, record: BaseRecord): void {
    // A hotkey on a row whose state or maker does not allow it: said, not sent.
    const offer = offeredFor(definition, record, caller).find((candidate) => candidate.transition.name === transition.name);
    if (!offer || offer.blocked) {
      const reason = offer?.blocked ? t('workflow.makerChecker') : t('server.transitionNotAllowed');
      notify({ type: 'warning', key: `transition-${definition.name}`, message: t('workflow.refused', { action: t(transition.labelKey), name: nameOf(record) }), description: reason });
      return;
    }
    start({ transition, records: [record], bulk: false });
  }

  const dialogRequest: DialogRequest | undefined = asking
    ? asking.bulk
      ? { transition: asking.transition, count: asking.records.length }
      : {
          transition: asking.transition,
          name: nameOf(asking.records[0] ?? {}),
          confirmKey: ROW_RULES[definition.name]?.confirmKey?.(asking.transition, asking.records[0] ?? {}, caller),
        }
    : undefined;

  return {
    caller,
    offered: (record) => offeredFor(definition, record, caller),
    bulk: bulkOffered(definition, role),
    performOne,
    performMany: (transition, records) => start({ transition, records: [...records], bulk: true }),
    hotkeys: transitionHotkeys(definition, role, performOne),
    dialog: (
      <TransitionDialog
        definition={definition}
        request={dialogRequest}
        pending={calls.pending}
        onCancel={() => setAsking(undefined)}
        onSubmit={(values) => {
          if (!asking) return;
          void run(asking, values).then(() => setAsking(undefined));
        }}
      />
    ),
    summary,
    clearSummary: () => setSummary(undefined),
    pending: calls.pending,
  };
}

export { type BulkRowResult } from './transition-api';
