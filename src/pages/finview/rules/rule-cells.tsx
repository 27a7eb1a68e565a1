import { useNavigation } from '@refinedev/core';
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { RuleAnswer } from '../../../../common/domains/finview/model';
import { Ltr } from '../../../i18n/formatting';
import type { CellProps } from '../../generic/cells/registry';

const ruleOf = (record: CellProps['record']) => record as unknown as RuleAnswer;

/** The trigger, with its cron and zone (schedule) or how many companies it watches (event). */
export function RuleTriggerCell({ record }: CellProps) {
  const { t } = useTranslation();
  const rule = ruleOf(record);
  return (
    <Space direction="vertical" size={0}>
      <Tag>{t(`finviewRules.triggers.${rule.trigger}`)}</Tag>
      {rule.trigger === 'schedule' && rule.cron ? (
        <Typography.Text type="secondary">
          <Ltr>{`${rule.cron} · ${rule.timezone}`}</Ltr>
        </Typography.Text>
      ) : null}
      {rule.trigger === 'event' ? <Typography.Text type="secondary">{t('finviewRules.watching', { count: rule.conditions.companyIds?.length ?? 0 })}</Typography.Text> : null}
    </Space>
  );
}

/** How many outputs the rule made, linking to the videos list filtered to them. */
export function RuleOutputsCell({ record }: CellProps) {
  const { listUrl } = useNavigation();
  const rule = ruleOf(record);
  if (rule.outputCount <= 0) return <Ltr>{String(rule.outputCount)}</Ltr>;
  return <Link to={`${listUrl('videos')}?filters[0][field]=ruleId&filters[0][operator]=eq&filters[0][value]=${rule.id}`}>{rule.outputCount}</Link>;
}
