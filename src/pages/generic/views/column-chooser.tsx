import { ColumnHeightOutlined, SettingOutlined } from '@ant-design/icons';
import { Button, Checkbox, Divider, Flex, Popover, Radio, Typography } from 'antd';
import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DENSITIES, type Density } from '../../../../common/domains/views/model';
import type { ListPreferences } from './list-preferences';

/** The antd sizes under the words a reader knows them by. */
export const DENSITY_LABEL_KEYS: Record<Density, string> = {
  large: 'views.comfortable',
  middle: 'views.default',
  small: 'views.compact',
};

/**
 * The list's columns to tick on and off (in the definition's order; the last one shown stays)
 * and its density. Kept per user on the server by useListPreferences; the panel opens next to
 * its button in the page's tab order, and Escape closes it back onto the button.
 */
export function ColumnChooser({ preferences }: { preferences: ListPreferences }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const { fields, visible, columns, density } = preferences;

  const toggle = (name: string, on: boolean) => {
    const next = on ? fields.filter((field) => field.name === name || visible(field.name)) : fields.filter((field) => field.name !== name && visible(field.name));
    preferences.setColumns(next.map((field) => field.name));
  };
  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    event.stopPropagation();
    setOpen(false);
    button.current?.focus();
  };

  const panel = (
    <div role="group" aria-labelledby={titleId} onKeyDown={closeOnEscape} data-testid="column-chooser-panel" style={{ minWidth: 220 }}>
      <Typography.Text strong id={titleId}>
        {t('views.columnsLegend')}
      </Typography.Text>
      <Flex vertical gap={4} style={{ marginTop: 8 }}>
        {fields.map((field) => {
          const shown = visible(field.name);
          return (
            <Checkbox
              key={field.name}
              checked={shown}
              // One column stays: a table of none says nothing.
              disabled={shown && columns.length === 1}
              onChange={(event) => toggle(field.name, event.target.checked)}
              data-testid={`column-toggle-${field.name}`}
            >
              {t(field.labelKey)}
            </Checkbox>
          );
        })}
      </Flex>
      <Divider style={{ margin: '12px 0' }} />
      <Typography.Text strong id={`${titleId}-density`}>
        <ColumnHeightOutlined /> {t('views.density')}
      </Typography.Text>
      <Radio.Group
        aria-labelledby={`${titleId}-density`}
        optionType="button"
        size="small"
        value={density}
        onChange={(event) => preferences.setDensity(event.target.value as Density)}
        options={DENSITIES.map((value) => ({ value, label: t(DENSITY_LABEL_KEYS[value]), 'data-testid': `density-${value}` }))}
        style={{ display: 'flex', marginTop: 8 }}
        data-testid="density-choice"
      />
      <Button type="link" size="small" style={{ paddingInline: 0, marginTop: 8 }} onClick={() => preferences.set({ columns: null, density: 'middle' })} data-testid="column-chooser-reset">
        {t('views.reset')}
      </Button>
    </div>
  );

  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={panel}
      // Rendered beside the button, not at the end of the page: Tab goes from the button into the panel.
      getPopupContainer={(trigger) => trigger.parentElement ?? document.body}
    >
      <Button ref={button} icon={<SettingOutlined />} aria-expanded={open} aria-haspopup="dialog" data-testid="column-chooser">
        {t('views.columns')}
      </Button>
    </Popover>
  );
}
