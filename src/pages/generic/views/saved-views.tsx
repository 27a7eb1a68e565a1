import { DeleteOutlined, EditOutlined, MoreOutlined, SaveOutlined, SyncOutlined } from '@ant-design/icons';
import { App, Button, Dropdown, Select, Space, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDefinition } from '../../../../common/resources/types';
import { notify } from '../../../providers';
import type { ListPreferences } from './list-preferences';
import { SaveViewModal, type ViewNaming } from './save-view-modal';
import { applyToTable, currentState, showsView, type ViewTable } from './view-state';
import { useSavedViews, useViewMutations, type SavedView } from './views-api';

type Dialog = { kind: 'create' } | { kind: 'edit'; view: SavedView };

/**
 * The list's saved views: one's own and those shared with one's role, to apply in one pick
 * (filters, order, page size into the table and its URL; columns and density into the
 * preferences); the current list saved as a new view; one's own view updated, renamed,
 * re-shared or deleted. The picker names the view the list shows while it shows it exactly.
 */
export function SavedViews({ definition, table, preferences }: { definition: ResourceDefinition; table: ViewTable; preferences: ListPreferences }) {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { views, loading, refetch } = useSavedViews(definition.name);
  const mutations = useViewMutations();
  const [dialog, setDialog] = useState<Dialog>();
  // The view last picked or saved: its menu stays at hand after the list moves away from it.
  const [pickedId, setPickedId] = useState<string>();

  const now = currentState(table, preferences.columns, preferences.density);
  const active = views.find((view) => view.id === pickedId && showsView(now, view.state)) ?? views.find((view) => showsView(now, view.state));
  const target = views.find((view) => view.id === (active?.id ?? pickedId) && view.mine);

  const options = useMemo(() => {
    const own = views.filter((view) => view.mine);
    const shared = views.filter((view) => !view.mine);
    const option = (view: SavedView) => ({
      value: view.id,
      label: view.name,
      owner: view.mine ? undefined : view.owner.name,
      'data-testid': `saved-view-option-${view.id}`,
    });
    return [
      ...(own.length > 0 ? [{ label: t('views.mine'), options: own.map(option) }] : []),
      ...(shared.length > 0 ? [{ label: t('views.shared'), options: shared.map(option) }] : []),
    ];
  }, [views, t]);

  const apply = (id: string) => {
    const view = views.find((candidate) => candidate.id === id);
    if (!view) return;
    setPickedId(id);
    applyToTable(table, view.state);
    const { columns, density } = view.state;
    if (columns || density) preferences.set({ ...(columns ? { columns } : {}), ...(density ? { density } : {}) });
  };

  const saved = (view: SavedView, key: 'views.saved' | 'views.updated') => {
    setPickedId(view.id);
    refetch();
    notify({ type: 'success', key: `saved-view-${view.id}`, message: t(key, { name: view.name }) });
  };
  const create = async ({ name, sharedRole }: ViewNaming) => {
    const view = await mutations.create({ resource: definition.name, name, sharedRole, state: now });
    setDialog(undefined);
    saved(view, 'views.saved');
  };
  const rename = (view: SavedView) => async ({ name, sharedRole }: ViewNaming) => {
    const changed = await mutations.change(view.id, { name, sharedRole, version: view.version });
    setDialog(undefined);
    saved(changed, 'views.updated');
  };
  const failed = (error: unknown) => {
    refetch();
    notify({ type: 'error', key: 'saved-view-error', message: error instanceof Error ? error.message : t('errors.generic') });
  };
  const update = (view: SavedView) => {
    mutations.change(view.id, { state: now, version: view.version }).then((changed) => saved(changed, 'views.updated'), failed);
  };
  const remove = (view: SavedView) => {
    modal.confirm({
      title: t('views.deleteConfirm', { name: view.name }),
      okText: t('buttons.delete'),
      okButtonProps: { danger: true, id: 'saved-view-delete-ok' },
      cancelText: t('buttons.cancel'),
      onOk: () =>
        mutations.remove(view).then(() => {
          setPickedId(undefined);
          refetch();
          notify({ type: 'success', key: `saved-view-${view.id}`, message: t('views.deleted', { name: view.name }) });
        }, failed),
    });
  };

  return (
    <>
      <Space.Compact data-testid="saved-views">
        <Select<string>
          aria-label={t('views.label')}
          placeholder={t('views.label')}
          loading={loading}
          value={active?.id ?? null}
          onChange={apply}
          options={options}
          notFoundContent={<Typography.Text type="secondary">{t('views.none')}</Typography.Text>}
          optionRender={(option) => (
            <span>
              {option.label}
              {option.data.owner ? (
                <Typography.Text type="secondary" style={{ marginInlineStart: 8 }}>
                  {t('views.sharedBy', { name: option.data.owner })}
                </Typography.Text>
              ) : null}
            </span>
          )}
          popupMatchSelectWidth={false}
          style={{ width: 200 }}
          data-testid="saved-views-select"
        />
        <Button icon={<SaveOutlined />} onClick={() => setDialog({ kind: 'create' })} data-testid="saved-views-save">
          {t('views.save')}
        </Button>
        {target ? (
          <Dropdown
            trigger={['click']}
            menu={{
              items: [
                { key: 'update', icon: <SyncOutlined />, label: t('views.update'), disabled: active?.id === target.id, onClick: () => update(target) },
                { key: 'edit', icon: <EditOutlined />, label: t('views.edit'), onClick: () => setDialog({ kind: 'edit', view: target }) },
                { key: 'delete', icon: <DeleteOutlined />, label: t('buttons.delete'), danger: true, onClick: () => remove(target) },
              ],
            }}
          >
            <Button icon={<MoreOutlined />} aria-label={t('views.manage', { name: target.name })} data-testid="saved-views-menu" />
          </Dropdown>
        ) : null}
      </Space.Compact>
      <SaveViewModal
        open={dialog !== undefined}
        title={dialog?.kind === 'edit' ? t('views.editTitle') : t('views.saveTitle')}
        initial={dialog?.kind === 'edit' ? { name: dialog.view.name, sharedRole: dialog.view.sharedRole } : { name: '', sharedRole: null }}
        onCancel={() => setDialog(undefined)}
        submit={dialog?.kind === 'edit' ? rename(dialog.view) : create}
      />
    </>
  );
}
