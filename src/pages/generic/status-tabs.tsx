import { Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../common/resources/types';

const ALL = '';

/** The states (or options) `definition.list.tabs` names, in their order; none when the field has neither. */
export function tabsOf(definition: ResourceDefinition): Array<{ value: string; labelKey: string }> {
  const name = definition.list?.tabs;
  if (!name) return [];
  if (definition.workflow?.field === name) return definition.workflow.states.map((state) => ({ value: state.value, labelKey: state.labelKey }));
  const field = definition.fields?.find((candidate) => candidate.name === name);
  return (field?.options ?? []).map((option) => ({ value: String(option.value), labelKey: option.labelKey }));
}

/**
 * "All" and one tab per state above the table: the chosen one is the list's `?{field}=` filter,
 * in the URL like any other. No counts: the list endpoint gives one total, and a request per tab
 * is not worth it.
 */
export function StatusTabs({ definition, value, onChange }: { definition: ResourceDefinition; value: string | undefined; onChange(value: string | undefined): void }) {
  const { t } = useTranslation();
  const tabs = tabsOf(definition);
  if (tabs.length === 0) return null;
  return (
    <Tabs
      activeKey={value ?? ALL}
      onChange={(key) => onChange(key === ALL ? undefined : key)}
      data-testid="generic-tabs"
      items={[{ key: ALL, label: t('list.allTab') }, ...tabs.map((tab) => ({ key: tab.value, label: t(tab.labelKey) }))]}
      style={{ marginBottom: 8 }}
    />
  );
}
