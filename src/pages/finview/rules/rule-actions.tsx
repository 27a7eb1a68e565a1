import { PlayCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { useCan, useCustomMutation, useNavigation } from '@refinedev/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import type { OutputAnswer, RuleAnswer } from '../../../../common/domains/finview/model';
import { errorText } from '../../../components/error-text';
import { useToast } from '../../../components/toasts';
import type { RowActionProps } from '../../generic/row-actions';
import { useFinviewApi } from '../finview-api';

/**
 * "Run now" on a manual rule's row and show page (the rule's create right, as the server's
 * `POST finview/rules/:id/run`): renders one output now; a switched-off rule cannot run.
 */
export function RuleRunNowAction({ record, place, onDone }: RowActionProps) {
  const { t } = useTranslation();
  const api = useFinviewApi();
  const toast = useToast();
  const { data: can } = useCan({ resource: 'rules', action: 'create' });
  const { mutate, mutation } = useCustomMutation<OutputAnswer>();
  const rule = record as unknown as RuleAnswer;
  if (rule.trigger !== 'manual' || !can?.can) return null;
  const run = () =>
    mutate(
      { url: api.ruleRun(rule.id), method: 'post', values: {}, successNotification: false, errorNotification: false },
      {
        onSuccess: ({ data }) => {
          toast('success', 'finview-rule-run', t('server.finviewRuleRun'), data?.id ? t('finviewRules.runOpened', { title: data.title }) : undefined);
          onDone();
        },
        onError: (error) => toast('error', 'finview-rule-run', errorText(error, t)),
      },
    );
  return (
    <Button
      size={place === 'row' ? 'small' : 'middle'}
      icon={<PlayCircleOutlined />}
      loading={mutation.isPending}
      disabled={!rule.enabled}
      onClick={run}
      aria-label={t('finview.rules.runNowOf', { name: rule.name })}
      data-testid={`finview-rule-run-${rule.id}`}
    >
      {t('finviewRules.runNow')}
    </Button>
  );
}

/** "New rule" in the generic list's header: the rule editor's create page (actionPages.create). */
export function RuleCreateButton() {
  const { t } = useTranslation();
  const { create } = useNavigation();
  const { data: can } = useCan({ resource: 'rules', action: 'create' });
  if (!can?.can) return null;
  return (
    <Button type="primary" icon={<PlusOutlined />} onClick={() => create('rules')} data-testid="finview-rule-create">
      {t('finviewRules.create')}
    </Button>
  );
}
