import type { BaseRecord } from '@refinedev/core';
import { Alert, Button, Flex, Typography } from 'antd';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import type { Workflow } from './use-workflow';

interface Props {
  workflow: Workflow;
  /** The selected rows, as the list shows them (their versions are what the server checks). */
  records: readonly BaseRecord[];
  setSelected(keys: Key[]): void;
}

/**
 * The list's bulk bar: "N selected", the bulk transitions the role may perform and a way to
 * clear the selection; after a run, what each record answered (done, or refused and why)
 * until the user closes it. Also where the list's transition dialog is drawn.
 */
export function ListTransitions({ workflow, records, setSelected }: Props) {
  const { t } = useTranslation();
  const { summary } = workflow;
  return (
    <>
      {workflow.dialog}
      {records.length > 0 && workflow.bulk.length > 0 ? (
        <Flex wrap gap={8} align="center" role="toolbar" aria-label={t('workflow.bulkLabel')} style={{ marginBottom: 12 }} data-testid="workflow-bulk-bar">
          <Typography.Text strong data-testid="workflow-selected">
            {t('workflow.selected', { count: records.length })}
          </Typography.Text>
          {workflow.bulk.map((transition) => (
            <Button
              key={transition.name}
              danger={Boolean(transition.danger)}
              disabled={workflow.pending}
              onClick={() => workflow.performMany(transition, records)}
              data-testid={`workflow-bulk-${transition.name}`}
            >
              {t(transition.labelKey)}
            </Button>
          ))}
          <Button type="link" onClick={() => setSelected([])} data-testid="workflow-clear-selection">
            {t('workflow.clearSelection')}
          </Button>
        </Flex>
      ) : null}
      {summary ? (
        <Alert
          type={summary.refused.length > 0 ? 'warning' : 'success'}
          showIcon
          closable={{ 'aria-label': t('workflow.closeSummary') }}
          onClose={workflow.clearSummary}
          style={{ marginBottom: 12 }}
          role="status"
          data-testid="workflow-bulk-summary"
          message={t('workflow.summaryTitle', {
            action: t(summary.transition.labelKey),
            done: t('workflow.summaryDone', { count: summary.done }),
            refused: t('workflow.summaryRefused', { count: summary.refused.length }),
          })}
          description={
            summary.refused.length > 0 ? (
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {summary.refused.map((row) => (
                  <li key={row.id} data-testid={`workflow-refused-${row.id}`}>
                    {t('workflow.rowRefused', { name: row.name, reason: row.reason })}
                  </li>
                ))}
              </ul>
            ) : undefined
          }
        />
      ) : null}
    </>
  );
}
