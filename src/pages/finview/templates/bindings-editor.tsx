import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Flex, Input, Select, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SOURCE_PLUGINS, type PluginAnswer, type SourcePluginId } from '../../../../common/domains/finview/model';
import { removeItem, replaceItem, type ArgRow, type BindingRow } from './draft-edit';

/** Binding name → source plugin and its args; each arg a constant or one of the template's parameters. */
export function BindingsEditor({ rows, onChange, plugins, paramNames }: { rows: readonly BindingRow[]; onChange(rows: BindingRow[]): void; plugins: readonly PluginAnswer[]; paramNames: readonly string[] }) {
  const { t } = useTranslation();
  const argKeysOf = (plugin: SourcePluginId) => Object.keys((plugins.find((candidate) => candidate.id === plugin)?.argsSchema.properties ?? {}) as Record<string, unknown>);
  const setRow = (index: number, row: BindingRow) => onChange(replaceItem(rows, index, row));
  const pluginName = (id: string) => t(`finviewPlugins.names.${id}`, { defaultValue: id });

  return (
    <Flex vertical gap={8} data-testid="finview-bindings">
      {rows.map((row, index) => {
        const keys = argKeysOf(row.plugin);
        const plugin = plugins.find((candidate) => candidate.id === row.plugin);
        const argAt = (key: string): ArgRow => row.args.find((arg) => arg.key === key) ?? { key, mode: 'constant', value: '' };
        const setArg = (arg: ArgRow) => setRow(index, { ...row, args: [...row.args.filter((other) => other.key !== arg.key), arg] });
        return (
          <Card
            key={index}
            size="small"
            title={
              <Space.Compact>
                <Input
                  aria-label={t('finviewTemplates.bindingName', { n: index + 1 })}
                  placeholder={t('finviewTemplates.bindingNamePlaceholder')}
                  value={row.name}
                  maxLength={64}
                  onChange={(event) => setRow(index, { ...row, name: event.target.value.replace(/[^A-Za-z0-9_.-]/g, '') })}
                  style={{ width: 160 }}
                />
                <Select
                  aria-label={t('finviewTemplates.bindingPlugin', { n: index + 1 })}
                  value={row.plugin}
                  style={{ width: 200 }}
                  options={SOURCE_PLUGINS.map((id) => {
                    const answer = plugins.find((candidate) => candidate.id === id);
                    return { value: id, label: pluginName(id), disabled: answer ? !answer.enabled || !answer.available : false };
                  })}
                  onChange={(next: SourcePluginId) => setRow(index, { ...row, plugin: next, args: [] })}
                />
              </Space.Compact>
            }
            extra={<Button type="text" danger icon={<DeleteOutlined />} aria-label={t('finviewTemplates.removeBinding', { n: index + 1 })} onClick={() => onChange(removeItem(rows, index))} />}
          >
            {plugin && (!plugin.enabled || !plugin.available) ? <Typography.Text type="warning">{t('finviewTemplates.pluginOff')}</Typography.Text> : null}
            {keys.length === 0 ? <Typography.Text type="secondary">{t('finviewTemplates.noArgs')}</Typography.Text> : null}
            <Flex vertical gap={6}>
              {keys.map((key) => {
                const arg = argAt(key);
                const required = ((plugin?.argsSchema.required ?? []) as string[]).includes(key);
                return (
                  <Flex key={key} gap={8} align="center" wrap>
                    <Typography.Text style={{ minWidth: 110 }}>
                      <bdi>{key}</bdi>
                      {required ? ' *' : ''}
                    </Typography.Text>
                    <Select
                      aria-label={t('finviewTemplates.argMode', { key })}
                      value={arg.mode}
                      style={{ width: 140 }}
                      options={[
                        { value: 'constant', label: t('finviewTemplates.constant') },
                        { value: 'param', label: t('finviewTemplates.parameter') },
                      ]}
                      onChange={(mode: ArgRow['mode']) => setArg({ key, mode, value: '' })}
                    />
                    {arg.mode === 'param' ? (
                      <Select
                        aria-label={t('finviewTemplates.argValue', { key })}
                        value={arg.value || undefined}
                        style={{ minWidth: 160 }}
                        placeholder={t('finviewTemplates.pickParameter')}
                        options={paramNames.map((name) => ({ value: name, label: name }))}
                        onChange={(value: string) => setArg({ key, mode: 'param', value })}
                      />
                    ) : (
                      <Input aria-label={t('finviewTemplates.argValue', { key })} value={arg.value} style={{ width: 200 }} onChange={(event) => setArg({ key, mode: 'constant', value: event.target.value })} />
                    )}
                  </Flex>
                );
              })}
            </Flex>
          </Card>
        );
      })}
      <Button
        icon={<PlusOutlined />}
        style={{ alignSelf: 'start' }}
        onClick={() => onChange([...rows, { name: `data${rows.length + 1}`, plugin: 'news-counts', args: [] }])}
        data-testid="finview-binding-add"
      >
        {t('finviewTemplates.addBinding')}
      </Button>
    </Flex>
  );
}
