import { DeleteButton, EditButton, ShowButton } from '@refinedev/antd';
import type { BaseKey, BaseRecord } from '@refinedev/core';
import { MoreOutlined } from '@ant-design/icons';
import { Button, Flex, Popover, Space, Typography } from 'antd';
import { useLayoutEffect, useRef, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { ROW_ACTIONS } from '../../registry/row-actions';
import { actsOn } from '../../registry/row-rules';
import type { ResourceDefinition } from '../../../common/resources/types';
import { titleField } from './field-input';
import { versionMeta } from './stale-edit';
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
 * The detail page shows them all. The menu stays mounted once opened, so a dialog an action
 * opened outlives the menu closing.
 */
function RowNamedActions(props: RowActionProps) {
  const { t } = useTranslation();
  const [first, ...rest] = props.definition.rowActions ?? [];
  const [open, setOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  const [empty, setEmpty] = useState(false);
  useLayoutEffect(() => {
    if (open) setEmpty(menu.current?.childElementCount === 0);
  }, [open, props.record]);
  if (first === undefined) return null;
  return (
    <>
      <NamedRowActions {...props} names={[first]} />
      {rest.length > 0 ? (
        <Popover
          open={open}
          onOpenChange={setOpen}
          trigger="click"
          placement="bottomRight"
          content={
            // A click on an action closes the menu; the row under it does not open.
            <div onClick={(event) => event.stopPropagation()} onClickCapture={() => setOpen(false)} data-testid="generic-row-menu">
              <Flex vertical gap={4} ref={menu}>
                <NamedRowActions {...props} names={rest} />
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
      ) : null}
    </>
  );
}

/** Whether a list needs its actions column. */
export function hasRowActions(definition: ResourceDefinition): boolean {
  const { actions } = definition;
  return actions.includes('show') || actions.includes('edit') || actions.includes('delete') || Boolean(definition.workflow) || Boolean(definition.rowActions?.length);
}

/** One row's actions: its transitions, the named actions, then show, edit and delete by role. */
export function RowActions({ definition, record, id, workflow, onDone }: { definition: ResourceDefinition; record: BaseRecord; id: BaseKey; workflow: Workflow; onDone(): void }) {
  const { t } = useTranslation();
  // What the area's rule keeps from this caller (an Admin on a Super Admin's row) is not offered; show stays.
  const allowed = actsOn(definition.name, record, workflow.caller);
  const has = (action: 'show' | 'edit' | 'delete') => definition.actions.includes(action) && (action === 'show' || allowed);
  const name = String(record[titleField(definition)] ?? id);
  return (
    <Space size={4} wrap>
      {definition.workflow ? <TransitionButtons workflow={workflow} record={record} id={String(id)} size="small" /> : null}
      {allowed ? <RowNamedActions record={record} definition={definition} place="row" onDone={onDone} /> : null}
      {has('show') ? (
        <ShowButton resource={definition.name} recordItemId={id} size="small" hideText aria-label={t('generic.showOne', { name })} data-testid={`generic-show-${String(id)}`} />
      ) : null}
      {has('edit') ? (
        <EditButton resource={definition.name} recordItemId={id} size="small" hideText aria-label={t('generic.editOne', { name })} data-testid={`generic-edit-${String(id)}`} />
      ) : null}
      {has('delete') ? (
        <DeleteButton
          resource={definition.name}
          recordItemId={id}
          meta={versionMeta(record)}
          // The record's own page must not show it from the cache once it is gone.
          invalidates={['list', 'many', 'detail']}
          size="small"
          hideText
          aria-label={t('generic.deleteOne', { name })}
          confirmTitle={t('generic.deleteConfirm', { name })}
          successNotification={{ type: 'success', message: t('generic.deleted', { name }) }}
          confirmOkText={t('buttons.delete')}
          confirmCancelText={t('buttons.cancel')}
          data-testid={`generic-delete-${String(id)}`}
        />
      ) : null}
    </Space>
  );
}
