import { CreateButton, getDefaultSortOrder, useTable } from '@refinedev/antd';
import { getDefaultFilter, useNavigation, type BaseKey, type BaseRecord, type CrudFilters } from '@refinedev/core';
import { Card, Flex, Form, Input, Skeleton, Space, Table, theme, type TableProps as AntTableProps } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState, type HTMLAttributes, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { useRestoredList, VIEW_STATE_KEYS } from '../../providers';
import { usePiecesReady } from '../../registry/preload-pieces';
import { useRuntime } from '../../registry/registry-context';
import type { FieldDefinition } from '../../../common/resources/types';
import { PageHeader } from '../../components/page-header';
import { Cell } from './cells';
import { fieldsFor, titleField } from './field-input';
import { ColumnFilter } from './column-filter';
import { useFollowLocation, useLastPageClamp } from './follow-location';
import { HeaderActions } from './header-actions';
import { ListExport } from './export/list-export';
import { KeyboardHelp } from './keyboard-help';
import { ListEmpty } from './list-empty';
import { useListKeyboard, type ListHotkey } from './list-keyboard';
import { LiveRefresh } from './live-refresh';
import { StatusTabs } from './status-tabs';
import { ExpandedRow } from './panels';
import { hasRowActions, RowActions, useRowTools } from './row-actions';
import type { GenericPageProps } from './resource-page';
import { ListTransitions } from './transitions/list-transitions';
import { useWorkflow } from './transitions/use-workflow';
import { ColumnChooser } from './views/column-chooser';
import { useListPreferences } from './views/list-preferences';
import { SavedViews } from './views/saved-views';

interface SearchValues {
  q?: string;
}

/** Lists kept in session storage under a key of their own (SPEC.md section 3). */
const KEPT_LISTS: Partial<Record<string, (typeof VIEW_STATE_KEYS)[keyof typeof VIEW_STATE_KEYS]>> = {
  companies: VIEW_STATE_KEYS.companyListData,
  'news-feeds': VIEW_STATE_KEYS.newsList,
};

export const idOf = (record: BaseRecord, idField = 'id'): BaseKey => record[idField] as BaseKey;

const NO_ROWS: readonly BaseRecord[] = [];
const SCROLL = { x: 'max-content' } as const;

const permanentFilters = (definition: GenericPageProps['definition']): CrudFilters =>
  Object.entries(definition.list?.permanentFilters ?? {}).map(([field, value]) => ({ field, operator: 'eq', value }));

/**
 * A resource's list from its definition: server pages with the exact total
 * (x-total-count), the columns its fields declare (sortable, filterable, width),
 * the text search of its `storage.search`, and show / edit / delete by role.
 * Page, order and filters live in the URL (`syncWithLocation`), so a link or a
 * reload shows the same rows.
 */
export default function GenericList({ definition }: GenericPageProps) {
  const [loaded, setLoaded] = useState<{ data: BaseRecord[]; total: number }>();
  // Coming back without a query brings back the list the user left (SPEC.md's companyListData).
  const restored = useRestoredList<BaseRecord>(KEPT_LISTS[definition.name], loaded);
  // The table reads the URL once, when it mounts: it waits for the kept query to be back in the URL.
  if (restored.restoring) return <Skeleton active />;
  return <GenericTable definition={definition} placeholder={restored.placeholder} onLoaded={setLoaded} />;
}

interface TableProps {
  definition: GenericPageProps['definition'];
  placeholder: { data: BaseRecord[]; total: number } | undefined;
  onLoaded(page: { data: BaseRecord[]; total: number }): void;
}

function GenericTable({ definition, placeholder, onLoaded }: TableProps) {
  const { t } = useTranslation();
  const { config } = useRuntime();
  const idField = definition.idField ?? 'id';
  const table = useTable<BaseRecord, never, SearchValues>({
    resource: definition.name,
    pagination: { pageSize: config.defaults.pageSize, mode: 'server' },
    sorters: { mode: 'server' },
    // A list's fixed filters (reports are the outputs of kind report) go with every request, never in the URL.
    filters: { mode: 'server', permanent: permanentFilters(definition) },
    syncWithLocation: true,
    queryOptions: { placeholderData: (previous) => previous ?? placeholder },
    onSearch: ({ q }): CrudFilters => [{ field: 'q', operator: 'contains', value: q?.trim() || undefined }],
  });
  const { tableProps, searchFormProps, sorters, filters, tableQuery } = table;
  const fresh = tableQuery.isSuccess && !tableQuery.isPlaceholderData ? tableQuery.data : undefined;
  useEffect(() => {
    if (fresh) onLoaded({ data: fresh.data, total: fresh.total });
  }, [fresh, onLoaded]);
  useFollowLocation(table);
  useLastPageClamp(fresh, table);
  const { setFilters, setCurrentPage } = table;
  // React Query's refetch keeps its identity, so the actions column need not change with each render.
  const { refetch } = tableQuery;
  const refresh = useCallback(() => void refetch(), [refetch]);
  const searched = getDefaultFilter('q', filters, 'contains') as string | undefined;
  // The search box shows the search in force, also when it came from the URL (back, a link).
  useEffect(() => searchFormProps.form?.setFieldsValue({ q: searched }), [searched, searchFormProps.form]);
  // The columns the user chose (column chooser, saved views), in the definition's order.
  const preferences = useListPreferences(definition);
  const { visible } = preferences;
  const columns = useMemo(() => fieldsFor(definition.fields, 'list').filter((field) => visible(field.name)), [definition.fields, visible]);
  const label = t(definition.labelKey);
  const has = (action: 'show' | 'edit' | 'delete') => definition.actions.includes(action);
  const searchable = (definition.storage?.search ?? definition.list?.search ?? []).length > 0;
  const genericCreate = definition.actions.includes('create') && !definition.actionPages?.create;
  // The rows the user picked (checkboxes, `x`): bulk transitions and "export the selection" act on them.
  const [selected, setSelected] = useState<Key[]>([]);
  const selectable = Boolean(definition.workflow?.transitions.some((transition) => transition.bulk)) || Boolean(definition.list?.export ?? definition.storage);

  // Filters in force, the search included: an empty list then says "nothing matches" and offers to clear them.
  const filtered = filters.some((filter) => 'value' in filter && filter.value !== undefined && filter.value !== null && filter.value !== '' && !(Array.isArray(filter.value) && filter.value.length === 0));
  const clearFilters = useCallback(() => {
    setFilters([], 'replace');
    setCurrentPage(1);
  }, [setFilters, setCurrentPage]);
  const tabsField = definition.list?.tabs;
  const tabValue = tabsField ? ((getDefaultFilter(tabsField, filters, 'eq') ?? [getDefaultFilter(tabsField, filters, 'in')].flat()[0]) as string | undefined) : undefined;
  const chooseTab = (value: string | undefined) => {
    if (!tabsField) return;
    setFilters((previous) => [...previous.filter((filter) => !('field' in filter) || filter.field !== tabsField), ...(value === undefined ? [] : [{ field: tabsField, operator: 'eq' as const, value }])]);
    setCurrentPage(1);
  };

  // Keyboard triage: j/k walk the rows, Enter opens, x selects, ? lists the keys.
  const { show, edit } = useNavigation();
  const rowKeyOf = useCallback((record: BaseRecord) => String(idOf(record, idField)), [idField]);
  const opens = definition.list?.openOnEnter ?? (has('show') || has('edit'));
  // The workflow's row, bulk and keyboard actions (./transitions); after a bulk run the refused rows stay selected.
  const workflow = useWorkflow(definition, (results) => setSelected(results.filter((row) => !row.ok).map((row) => row.id)));
  const hotkeys: readonly ListHotkey[] = workflow.hotkeys;
  const { token } = theme.useToken();
  // The rows wait for the area's cells and actions (preloaded beside this page), so none suspends on its own.
  const piecesReady = usePiecesReady(definition);
  const drawn = piecesReady ? tableQuery.data : undefined;
  const rows = drawn?.data ?? NO_ROWS;
  const keyboard = useListKeyboard({
    rows,
    rowKey: rowKeyOf,
    selected,
    ...(selectable ? { setSelected } : {}),
    ...(opens ? { onOpen: (record: BaseRecord) => (has('show') ? show(definition.name, idOf(record, idField)) : edit(definition.name, idOf(record, idField))) } : {}),
    hotkeys,
  });

  const filterOf = useCallback(
    (field: FieldDefinition) => {
      const kind = field.list ? field.list.filter : undefined;
      if (!kind) return {};
      const value: unknown = getDefaultFilter(field.name, filters, 'in') ?? getDefaultFilter(field.name, filters, 'eq') ?? getDefaultFilter(field.name, filters, 'contains');
      const filteredValue = value === undefined || value === null || value === '' ? null : Array.isArray(value) ? value.map(String) : [String(value)];
      return {
        filteredValue,
        filterDropdown: (props: Parameters<typeof ColumnFilter>[0]['dropdown']) => <ColumnFilter field={field} kind={kind} dropdown={props} />,
      };
    },
    [filters],
  );

  // The table's columns and props keep their identity from one render to the next: rc-table then
  // redraws only the rows whose record changed, not 1,300 cells each time the list re-renders
  // (a read's state, the keyboard's focus, the preferences arriving). The actions column reads
  // the workflow of the last render (a new object each time) through a ref.
  const rowTools = useRowTools(definition, workflow.caller);
  const latestWorkflow = useRef(workflow);
  useEffect(() => {
    latestWorkflow.current = workflow;
  });
  const tableColumns = useMemo<NonNullable<AntTableProps<BaseRecord>['columns']>>(
    () => [
      ...columns.map((field) => ({
        key: field.name,
        dataIndex: field.name,
        title: t(field.labelKey),
        width: field.list ? field.list.width : undefined,
        sorter: field.list ? Boolean(field.list.sortable) : false,
        sortOrder: getDefaultSortOrder(field.name, sorters) ?? null,
        ...filterOf(field),
        // Which field a cell shows, for tests and styles that look a cell up by field, not by position.
        onCell: () => ({ 'data-field': field.name }) as HTMLAttributes<HTMLElement>,
        render: (value: unknown, record: BaseRecord) => <Cell value={value} field={field} record={record} definition={definition} />,
      })),
      ...(hasRowActions(definition)
        ? [
            {
              key: 'actions',
              title: t('generic.actions'),
              fixed: 'right' as const,
              render: (_: unknown, record: BaseRecord) => (
                <RowActions definition={definition} record={record} id={idOf(record, idField)} workflow={latestWorkflow.current} onDone={refresh} tools={rowTools} />
              ),
            },
          ]
        : []),
    ],
    [columns, t, sorters, filterOf, definition, idField, refresh, rowTools],
  );
  const capped = drawn?.capped === true;
  const drawnTotal = drawn?.total ?? 0;
  const hasPage = drawn !== undefined;
  const pagination = useMemo(
    () => ({
      ...tableProps.pagination,
      total: drawnTotal,
      showSizeChanger: true,
      // "20,000 records" / "20.000 registros": the number in the reader's language, the word in its plural.
      // Past a bound the server stops counting (x-total-capped, the audit log's 10,000): "at least".
      // Only beside the rows it counts: while the area's pieces load, a total over no rows would read as an empty list.
      showTotal: hasPage
        ? (total: number) => (
            <span data-testid="generic-total" data-capped={capped ? 'true' : undefined}>
              {t(capped ? 'list.totalCapped' : 'list.total', { count: total })}
            </span>
          )
        : undefined,
    }),
    [tableProps.pagination, drawnTotal, hasPage, capped, t],
  );
  const rowSelection = useMemo<AntTableProps<BaseRecord>['rowSelection']>(
    () =>
      selectable
        ? {
            selectedRowKeys: selected,
            onChange: setSelected,
            preserveSelectedRowKeys: false,
            // Each checkbox names its row for a screen reader ("Select Zenith Steel"): antd's have no label.
            // antd hands aria-label on to the input, though its type lists only title.
            getCheckboxProps: (record: BaseRecord) => {
              const label = t('list.selectRow', { name: String(record[titleField(definition)] ?? idOf(record, idField)) });
              const props = { title: label, 'aria-label': label };
              return props;
            },
          }
        : undefined,
    [selectable, selected, t, definition, idField],
  );
  const focusRing = token.colorPrimary;
  const onRow = useCallback(
    (record: BaseRecord): HTMLAttributes<HTMLElement> =>
      keyboard.focused === rowKeyOf(record)
        ? ({ 'aria-current': 'true', 'data-focused': 'true', className: 'generic-row-focused', style: { outline: `2px solid ${focusRing}`, outlineOffset: -2 } } as HTMLAttributes<HTMLElement>)
        : {},
    [keyboard.focused, rowKeyOf, focusRing],
  );
  const locale = useMemo(() => ({ emptyText: <ListEmpty definition={definition} filtered={filtered} onClear={clearFilters} /> }), [definition, filtered, clearFilters]);
  const expandable = useMemo(
    () => (definition.list?.expand ? { expandedRowRender: (record: BaseRecord) => <ExpandedRow name={definition.list?.expand ?? ''} record={record} definition={definition} /> } : undefined),
    [definition],
  );

  return (
    // data-loading: whether a read (or the area's pieces) is under way, so a test reads the rows of the state it asked for, not the ones before.
    <Flex vertical gap={16} data-testid="generic-list" data-resource={definition.name} data-loading={tableQuery.isFetching || !piecesReady ? 'true' : 'false'}>
      {definition.list?.liveChannel ? <LiveRefresh definition={definition} channel={definition.list.liveChannel} /> : null}
      <KeyboardHelp open={keyboard.helpOpen} onClose={() => keyboard.setHelpOpen(false)} selects={selectable} opens={opens} hotkeys={hotkeys} />
      <PageHeader
        icon={definition.icon}
        title={label}
        extra={
          <>
            <HeaderActions definition={definition} />
            {genericCreate ? (
              <CreateButton resource={definition.name} data-testid="generic-create">
                {t('generic.create')}
              </CreateButton>
            ) : null}
          </>
        }
      />
      <Card>
        {/* The list's toolbar: search on the start side, the list's own tools (saved views, column chooser, export) on the end side. */}
        <Flex wrap gap={8} justify="space-between" align="start" style={{ marginBottom: 16 }} data-testid="generic-toolbar">
          {searchable ? (
            <Form {...searchFormProps} layout="inline" style={{ flex: '1 1 240px' }} initialValues={{ q: searched }}>
              <Form.Item name="q" style={{ flex: '1 1 240px', maxWidth: 360 }}>
                <Input.Search
                  id={`${definition.name}-search`}
                  aria-label={t('generic.search')}
                  allowClear
                  maxLength={100}
                  placeholder={t('generic.search')}
                  data-testid="generic-search"
                  onSearch={() => searchFormProps.form?.submit()}
                />
              </Form.Item>
            </Form>
          ) : (
            <span />
          )}
          <Space wrap size={8} data-testid="generic-list-tools">
            <SavedViews definition={definition} table={table} preferences={preferences} />
            <ColumnChooser preferences={preferences} />
            <ListExport definition={definition} columns={columns} filters={filters} sorters={sorters} selected={selected} />
          </Space>
        </Flex>
        <StatusTabs definition={definition} value={tabValue} onChange={chooseTab} />
        {definition.workflow ? (
          <ListTransitions
            workflow={workflow}
            records={(tableProps.dataSource ?? []).filter((record) => selected.map(String).includes(rowKeyOf(record)))}
            setSelected={setSelected}
          />
        ) : null}
        <Table<BaseRecord>
          {...tableProps}
          // undefined, not [], until a page is in: antd then shows only its spinner, not "no data" under it.
          dataSource={drawn?.data}
          loading={!piecesReady || tableProps.loading}
          columns={tableColumns}
          size={preferences.density}
          rowKey={rowKeyOf}
          scroll={SCROLL}
          rowSelection={rowSelection}
          pagination={pagination}
          locale={locale}
          onRow={onRow}
          expandable={expandable}
          data-testid="generic-table"
        />
      </Card>
    </Flex>
  );
}
