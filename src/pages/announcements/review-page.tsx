import { PlusOutlined } from '@ant-design/icons';
import { Alert, Badge, Button, Card, Flex, Tabs, Typography } from 'antd';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QUEUE_STATUSES, type AnnouncementAnswer, type AnnouncementDetail } from '../../../common/domains/announcements/model';
import { PageHeader } from '../../components/page-header';
import { useNow } from './age';
import { AnnouncementDrawer } from './announcement-drawer';
import { CreateAnnouncement } from './create-announcement';
import { KeyboardLegend, LegendDialog } from './keyboard-legend';
import type { LiveBatch } from './live-events';
import { ReviewFilters } from './review-filters';
import { ReviewList, suggestedLead } from './review-list';
import { readReviewState, REVIEW_TABS, writeReviewState, type ReviewState } from './review-state';
import { moveFocus, type TriageAction } from './triage-keys';
import { useDecide } from './use-decide';
import { useLiveAnnouncements } from './use-live-announcements';
import { useReviewList, withDecided } from './use-review-list';
import { useTriageKeys } from './use-triage-keys';

// The review page (docs/announcements.md "Screens" → Review): the queue oldest first, the other
// tabs newest first, live, and worked from the keyboard.

const NEW_HIGHLIGHT_MS = 6_000;

export default function AnnouncementsReviewPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => readReviewState(search), [search]);
  const setState = (next: ReviewState) => setSearch(writeReviewState(next), { replace: next.tab === state.tab });
  const { list, loadMore, reload, patch } = useReviewList(state);
  const now = useNow();

  const [focusedId, setFocusedId] = useState<number | null>(null);
  const [drawer, setDrawer] = useState<{ id: number; editing: boolean } | null>(null);
  const [drawerRefresh, setDrawerRefresh] = useState(0);
  const [drawerDialog, setDrawerDialog] = useState(false);
  const [legendOpen, setLegendOpen] = useState(false);
  const [createOpen, setCreateOpen] = useState(false);
  const [newIds, setNewIds] = useState<ReadonlySet<number>>(new Set());
  const [notice, setNotice] = useState('');

  const rowsRef = useRef(list.rows);
  rowsRef.current = list.rows;
  const drawerRef = useRef(drawer);
  drawerRef.current = drawer;

  const markNew = useCallback((ids: number[]) => {
    if (ids.length === 0) return;
    setNewIds((current) => new Set([...current, ...ids]));
    setTimeout(() => setNewIds((current) => new Set([...current].filter((id) => !ids.includes(id)))), NEW_HIGHLIGHT_MS);
  }, []);

  const onBatch = useCallback(
    (batch: LiveBatch) => {
      if (batch.locks.size > 0) {
        patch((rows) =>
          rows.map((row) => {
            const change = batch.locks.get(row.id);
            if (!change) return row;
            return { ...row, lock: change.lockedBy && change.expiresAt ? { user: change.lockedBy, expiresAt: change.expiresAt } : null };
          }),
        );
      }
      const open = drawerRef.current?.id;
      if (open !== undefined && (batch.resync || batch.updated.includes(open))) setDrawerRefresh((value) => value + 1);
      const shown = new Set(rowsRef.current.map((row) => row.id));
      if (!batch.resync && batch.inserted.length === 0 && !batch.updated.some((id) => shown.has(id))) return;
      void reload().then((fresh) => {
        const arrived = fresh.filter((id) => batch.inserted.includes(id));
        markNew(arrived);
        if (batch.inserted.length > 0) setNotice(t('announcements.live.arrived', { count: batch.inserted.length }));
      });
    },
    [markNew, patch, reload, t],
  );
  const connected = useLiveAnnouncements(onBatch, () => void reload());

  const onChanged = useCallback((detail: AnnouncementDetail) => patch((current) => withDecided(current, detail, state.tab)), [patch, state.tab]);
  const { decide } = useDecide(onChanged);

  // A decided row leaves the queue: the focus stays where it was, on the row that took its place.
  const focusIndex = useRef(0);
  useEffect(() => {
    if (focusedId === null) return;
    const ids = list.rows.map((row) => row.id);
    const at = ids.indexOf(focusedId);
    if (at >= 0) focusIndex.current = at;
    else setFocusedId(ids.length === 0 ? null : (ids[Math.min(focusIndex.current, ids.length - 1)] ?? null));
  }, [list.rows, focusedId]);

  // Keep the focused row in view and focused in the DOM as j/k move it.
  useEffect(() => {
    if (focusedId === null) return;
    const row = document.querySelector<HTMLElement>(`[data-testid="announcement-row"][data-id="${focusedId}"]`);
    if (row && document.activeElement !== row && !drawerRef.current) row.focus();
    row?.scrollIntoView?.({ block: 'nearest' });
  }, [focusedId]);

  const target = (): AnnouncementAnswer | undefined => {
    const id = drawer?.id ?? focusedId;
    return list.rows.find((row) => row.id === id);
  };

  const onAction = (action: TriageAction) => {
    const ids = list.rows.map((row) => row.id);
    if (action === 'legend') return setLegendOpen((open) => !open);
    // The drawer closes itself on Escape only while the focus is inside it.
    if (action === 'close') return setDrawer(null);
    if (action === 'next' || action === 'previous') {
      const next = moveFocus(ids, drawer?.id ?? focusedId, action === 'next' ? 1 : -1);
      setFocusedId(next);
      if (drawer && next !== null) setDrawer({ id: next, editing: false });
      return;
    }
    const row = target();
    if (!row) return;
    const inQueue = QUEUE_STATUSES.includes(row.status);
    if (action === 'open') setDrawer({ id: row.id, editing: false });
    else if (action === 'edit') setDrawer({ id: row.id, editing: row.status !== 'retracted' });
    else if (action === 'publish' && inQueue) void decide(row.id, { action: 'publish', body: { version: row.version } });
    else if (action === 'suppress' && inQueue) void decide(row.id, { action: 'suppress', body: { version: row.version, reason: 'irrelevant' } });
    else if (action === 'merge') {
      const lead = suggestedLead(row);
      if (lead !== null) void decide(row.id, { action: 'merge', body: { version: row.version, into: lead } });
    }
  };
  const paused = legendOpen || createOpen || drawerDialog || drawer?.editing === true;
  useTriageKeys(onAction, paused);

  const merge = (row: AnnouncementAnswer) => {
    const lead = suggestedLead(row);
    if (lead !== null) void decide(row.id, { action: 'merge', body: { version: row.version, into: lead } });
  };

  const shownText = list.total === null ? '' : t(list.capped ? 'announcements.paging.shownCapped' : 'announcements.paging.shown', { shown: list.rows.length, count: list.total });

  return (
    <Flex vertical gap={16} data-testid="announcements-review-page">
      <PageHeader
        icon="NotificationOutlined"
        title={t('announcements.title')}
        extra={
          <>
            <Badge status={connected ? 'success' : 'default'} text={connected ? t('announcements.live.on') : t('announcements.live.off')} data-testid="announcements-live-status" data-connected={connected ? 'true' : 'false'} />
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreateOpen(true)} data-testid="announcements-new">
              {t('announcements.create.open')}
            </Button>
          </>
        }
      />
      <Card>
        <Tabs
          activeKey={state.tab}
          onChange={(tab) => setState({ ...state, tab: tab as ReviewState['tab'] })}
          items={REVIEW_TABS.map((tab) => ({ key: tab, label: <span data-testid={`announcements-tab-${tab}`}>{t(`announcements.tabs.${tab}`)}</span> }))}
        />
        <Flex vertical gap={12}>
          <ReviewFilters state={state} onChange={setState} />
          {state.tab === 'queue' ? <KeyboardLegend onMore={() => setLegendOpen(true)} /> : null}
          <div role="status" aria-live="polite" data-testid="announcements-live-notice">
            {notice ? (
              <Typography.Text type="secondary">
                {notice}{' '}
                <Typography.Link onClick={() => setNotice('')}>{t('announcements.live.dismiss')}</Typography.Link>
              </Typography.Text>
            ) : null}
          </div>
          {list.error ? <Alert type="error" showIcon message={list.error} data-testid="announcements-error" /> : null}
          <ReviewList
            rows={list.rows}
            loading={list.loading}
            focusedId={focusedId}
            newIds={newIds}
            now={now}
            onOpen={(id, editing = false) => {
              setFocusedId(id);
              setDrawer({ id, editing });
            }}
            onFocusRow={setFocusedId}
            onMerge={merge}
            empty={state.tab === 'queue' ? t('announcements.emptyQueue') : t('announcements.empty')}
          />
          <Flex justify="space-between" align="center" wrap gap={12}>
            <Typography.Text type="secondary" data-testid="announcements-total">
              {shownText}
            </Typography.Text>
            {list.nextCursor ? (
              <Button onClick={loadMore} loading={list.loading} data-testid="announcements-load-more">
                {t('announcements.paging.more')}
              </Button>
            ) : null}
          </Flex>
        </Flex>
      </Card>
      <AnnouncementDrawer
        id={drawer?.id ?? null}
        editing={drawer?.editing ?? false}
        onEditing={(editing) => setDrawer((current) => (current ? { ...current, editing } : current))}
        refresh={drawerRefresh}
        now={now}
        onClose={() => setDrawer(null)}
        onChanged={onChanged}
        onDialog={setDrawerDialog}
      />
      <LegendDialog open={legendOpen} onClose={() => setLegendOpen(false)} />
      <CreateAnnouncement
        open={createOpen}
        onClose={() => setCreateOpen(false)}
        onCreated={(detail) => {
          setCreateOpen(false);
          void reload().then(() => markNew([detail.id]));
          setDrawer({ id: detail.id, editing: false });
        }}
      />
    </Flex>
  );
}
