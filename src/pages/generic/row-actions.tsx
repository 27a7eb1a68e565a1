import { DeleteOutlined, EditOutlined, EyeOutlined, MoreOutlined } from '@ant-design/icons';
import { useDelete, useNavigation, type BaseKey, type BaseRecord } from '@refinedev/core';
import { Button, Flex, Popconfirm, Popover, Space, Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useLayoutEffect, useMemo, useRef, useState, type ComponentType, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { canAccess } from '../../../common/access';
import { useRuntime } from '../../registry/registry-context';
import { ROW_ACTIONS } from '../../registry/row-actions';
import { actsOn } from '../../registry/row-rules';
import type { ResourceDefinition } from '../../../common/resources/types';
import { titleField } from './field-input';
import { versionMeta } from './stale-edit';
import type { Caller } from './transitions/available';
import { TransitionButtons } from './transitions/transition-buttons';
import type { Workflow } from './transitions/use-workflow';

/** What a named row action is given: the record, its resource, where it is drawn, and a way to refresh. */
export interface RowActionProps {
  record: BaseRecord;
  definition: ResourceDefinition;
  /** `row` in a list's actions column (small buttons), `detail` in a show page's header. */
  place: 'row' | 'detail';
  /** Call after a change, so the list or the record is read again. */
  onDone(): void;
}

export type RowActionComponent = ComponentType<RowActionProps>;

/** The definition's named actions (or `names` of them), in its order; a name nobody registered is left out. */
export function NamedRowActions({ names, ...props }: RowActionProps & { names?: readonly string[] }) {
  return (
    <>
      {(names ?? props.definition.rowActions ?? []).map((name) => {
        const Action = ROW_ACTIONS[name];
        return Action ? <Action key={name} {...props} /> : null;
      })}
    </>
  );
}

/**
 * A row's named actions: the first on the row, the others under "More actions", so a list with
 * several (the announcements queue: merge, separate, link a company) keeps its columns readable.
 * The detail page shows them all. Most lists have one or none: they get no menu and its state.
 */
function RowNamedActions({ t, ...props }: RowActionProps & { t: TFunction }) {
  const [first, ...rest] = props.definition.rowActions ?? [];
  if (first === undefined) return null;
  return (
    <>
      <NamedRowActions {...props} names={[first]} />
      {rest.length > 0 ? <RowMenu {...props} names={rest} t={t} /> : null}
    </>
  );
}

/**
 * "More actions": `names` in a popover. It stays mounted once opened, so a dialog an action
 * opened outlives the menu closing; a row none of them applies to says so.
 */
function RowMenu({ names, t, ...props }: RowActionProps & { names: readonly string[]; t: TFunction }) {
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(false);
  useLayoutEffect(() => {
    if (open) setEmpty(menu.current?.childElementCount === 0);
  }, [open, props.record]);
  return (
    <Popover
      open={open}
      onOpenChange={setOpen}
      trigger="click"
      placement="bottomRight"
      content={
        // A click on an action closes the menu; the row under it does not open.
        <div onClick={(event) => event.stopPropagation()} onClickCapture={() => setOpen(false)} data-testid="generic-row-menu">
          <Flex vertical gap={4} ref={menu}>
            <NamedRowActions {...props} names={names} />
          </Flex>
          {empty ? <Typography.Text type="secondary">{t('generic.noMoreActions')}</Typography.Text> : null}
        </div>
      }
    >
      <Button
        size="small"
        icon={<MoreOutlined />}
        aria-label={t('generic.moreActions')}
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={(event) => event.stopPropagation()}
        data-testid="generic-row-more"
      />
    </Popover>
  );
}

/** Whether a list needs its actions column. */
export function hasRowActions(definition: ResourceDefinition): boolean {
  const { actions } = definition;
  return actions.includes('show') || actions.includes('edit') || actions.includes('delete') || Boolean(definition.workflow) || Boolean(definition.rowActions?.length);
}

/**
 * What every row's actions share, worked out once per list rather than in each row: who may
 * show, edit and delete (the same local role rule as the access provider: it depends on the
 * role, not the record), the pages' addresses, and the one delete call. Refine's Show/Edit/
 * DeleteButton each matched the route against every resource, asked access control through a
 * query of its own and set up a mutation: three hundred of each on a 100-row list, the largest
 * part of its first render (bench/generic-list-render.ts's profile).
 */
export interface RowTools {
  may: Record<'show' | 'edit' | 'delete', boolean>;
  showUrl(id: BaseKey): string;
  editUrl(id: BaseKey): string;
  remove(record: BaseRecord, id: BaseKey, name: string): void;
  /** The id whose delete is under way. */
  deleting: BaseKey | undefined;
  t: TFunction;
}

export function useRowTools(definition: ResourceDefinition, caller: Caller): RowTools {
  const { t } = useTranslation();
  const { registry } = useRuntime();
  const { showUrl, editUrl } = useNavigation();
  const { mutate, mutation } = useDelete();
  const deleting = mutation.isPending ? mutation.variables?.id : undefined;
  const resource = definition.name;
  return useMemo(() => {
    const may = (action: 'show' | 'edit' | 'delete') => definition.actions.includes(action) && canAccess(caller.role, { resource, action }, registry.definitions);
    return {
      may: { show: may('show'), edit: may('edit'), delete: may('delete') },
      showUrl: (id) => showUrl(resource, id),
      editUrl: (id) => editUrl(resource, id),
      remove: (record, id, name) =>
        mutate({
          resource,
          id,
          meta: versionMeta(record),
          // The record's own page must not show it from the cache once it is gone.
          invalidates: ['list', 'many', 'detail'],
          successNotification: { type: 'success', message: t('generic.deleted', { name }) },
        }),
      deleting,
      t,
    };
  }, [definition.actions, caller.role, resource, registry.definitions, showUrl, editUrl, mutate, deleting, t]);
}

/** One row's actions: its transitions, the named actions, then show, edit and delete by role. */
export function RowActions({ definition, record, id, workflow, onDone, tools }: { definition: ResourceDefinition; record: BaseRecord; id: BaseKey; workflow: Workflow; onDone(): void; tools: RowTools }) {
  const { t, may } = tools;
  // What the area's rule keeps from this caller (an Admin on a Super Admin's row) is not offered; show stays.
  const allowed = actsOn(definition.name, record, workflow.caller);
  const name = String(record[titleField(definition)] ?? id);
  return (
    <Space size={4} wrap>
      {definition.workflow ? <TransitionButtons workflow={workflow} record={record} id={String(id)} size="small" /> : null}
      {allowed ? <RowNamedActions record={record} definition={definition} place="row" onDone={onDone} t={t} /> : null}
      {may.show ? <RowLink to={tools.showUrl(id)} icon={<EyeOutlined />} label={t('generic.showOne', { name })} testId={`generic-show-${String(id)}`} /> : null}
      {may.edit && allowed ? <RowLink to={tools.editUrl(id)} icon={<EditOutlined />} label={t('generic.editOne', { name })} testId={`generic-edit-${String(id)}`} /> : null}
      {may.delete && allowed ? (
        <Popconfirm
          title={t('generic.deleteConfirm', { name })}
          okText={t('buttons.delete')}
          cancelText={t('buttons.cancel')}
          okType="danger"
          okButtonProps={{ disabled: tools.deleting !== undefined }}
          onConfirm={() => tools.remove(record, id, name)}
        >
          <Button
            danger
            size="small"
            icon={<DeleteOutlined />}
            loading={tools.deleting !== undefined && String(tools.deleting) === String(id)}
            title={t('generic.deleteOne', { name })}
            aria-label={t('generic.deleteOne', { name })}
            data-testid={`generic-delete-${String(id)}`}
          />
        </Popconfirm>
      ) : null}
    </Space>
  );
}

/** A show or edit button as Refine draws one (a link around an icon button), without its hooks. */
function RowLink({ to, icon, label, testId }: { to: string; icon: ReactNode; label: string; testId: string }) {
  return (
    <Link to={to}>
      <Button size="small" icon={icon} title={label} aria-label={label} data-testid={testId} />
    </Link>
  );
}
