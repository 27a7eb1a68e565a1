import { Alert, Button, Descriptions, Drawer, Flex, Form, Space, Spin, Typography } from 'antd';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, Ltr } from '../../i18n/formatting';
import { fieldErrorsOf } from '../../providers';
import { QUEUE_STATUSES, type AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { UserName } from '../../components/user-name';
import { Age } from './age';
import { AnnouncementFields, inputOf, type AnnouncementValues } from './announcement-form';
import { AnnouncementStatusTag, FlagTags, SourceTag, UnmatchedTag } from './announcement-tags';
import { useAnnouncementsApi } from './announcements-api';
import { AttachmentView } from './attachment-view';
import { CompanyLink } from './company-link';
import { ReasonDialogs, type ReasonDialog } from './decision-dialogs';
import { GroupMembers } from './group-members';
import { LockBanner } from './lock-banner';
import { useDecide } from './use-decide';
import { useSoftLock } from './use-soft-lock';

// One announcement: its lock, its decisions, its edit form, its company, its group and its PDF.

const FIELDS = ['subject', 'summary', 'companyId', 'categoryId', 'critical', 'material'] as const;

export interface DrawerProps {
  id: number | null;
  editing: boolean;
  onEditing(editing: boolean): void;
  /** Bumped by the page when a live event names this row: it is read again. */
  refresh: number;
  now: number;
  onClose(): void;
  onChanged(detail: AnnouncementDetail): void;
  onDialog(open: boolean): void;
}

export function AnnouncementDrawer({ id, editing, onEditing, refresh, now, onClose, onChanged, onDialog }: DrawerProps) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const toast = useToast();
  const [detail, setDetail] = useState<AnnouncementDetail | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [dialog, setDialog] = useState<ReasonDialog>(null);
  const [saving, setSaving] = useState(false);
  const [form] = Form.useForm<AnnouncementValues>();
  const lock = useSoftLock(api, id);

  useEffect(() => {
    if (id === null) {
      setDetail(null);
      return;
    }
    let stale = false;
    setLoadError(null);
    api.one(id).then(
      (answer) => {
        if (!stale) setDetail(answer);
      },
      (error: unknown) => {
        if (!stale) setLoadError(errorText(error, t));
      },
    );
    return () => {
      stale = true;
    };
  }, [api, id, refresh, t]);

  const changed = useCallback(
    (answer: AnnouncementDetail) => {
      if (answer.id === id) setDetail(answer);
      onChanged(answer);
    },
    [id, onChanged],
  );
  const { decide, busy } = useDecide(changed);

  useEffect(() => {
    if (editing && detail) {
      form.setFieldsValue({
        subject: detail.subject,
        summary: detail.summary,
        companyId: detail.company?.id ?? null,
        categoryId: detail.categoryId,
        critical: detail.critical,
        material: detail.material,
      });
    }
  }, [editing, detail, form]);

  const openDialog = (next: ReasonDialog) => {
    setDialog(next);
    onDialog(next !== null);
  };

  const save = async (values: AnnouncementValues) => {
    if (!detail) return;
    setSaving(true);
    try {
      const answer = await api.update(detail.id, { ...inputOf(values), version: detail.version });
      toast('success', 'announcement-save', t('server.announcementSaved'));
      onEditing(false);
      changed(answer);
    } catch (error) {
      form.setFields(fieldErrorsOf(error, FIELDS) as never);
      toast('error', 'announcement-save', errorText(error, t));
    } finally {
      setSaving(false);
    }
  };

  const locked = lock.state.kind === 'other';
  const inQueue = detail ? QUEUE_STATUSES.includes(detail.status) : false;
  const lead = detail && detail.groupId !== null && detail.groupId !== detail.id ? detail.groupId : null;
  const version = detail?.version ?? 0;
  const open = id !== null;

  return (
    <Drawer
      open={open}
      onClose={onClose}
      width="min(880px, 100vw)"
      title={detail ? <Ltr>#{detail.id}</Ltr> : t('announcements.drawer.loading')}
      destroyOnHidden
      data-testid="announcement-drawer"
      data-id={id ?? undefined}
    >
      {loadError ? <Alert type="error" showIcon message={loadError} /> : null}
      {!detail && !loadError ? (
        <Flex justify="center" style={{ padding: 48 }}>
          <Spin aria-label={t('announcements.drawer.loading')} />
        </Flex>
      ) : null}
      {detail ? (
        <Flex vertical gap={16} data-status={detail.status} data-testid="announcement-detail">
          <LockBanner state={lock.state} onTakeOver={() => void lock.takeOver()} />
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="announcement-subject">
            {detail.subject}
          </Typography.Title>
          <Flex wrap gap={8} align="center">
            <AnnouncementStatusTag row={detail} />
            <SourceTag source={detail.source} />
            {detail.company ? null : <UnmatchedTag />}
            <FlagTags row={detail} />
            <Typography.Text type="secondary">
              {t('announcements.drawer.age')} <Age since={detail.disseminatedAt} now={now} />
            </Typography.Text>
          </Flex>

          <Space wrap data-testid="announcement-decisions">
            {inQueue ? (
              <Button type="primary" disabled={locked || busy} onClick={() => void decide(detail.id, { action: 'publish', body: { version } })} data-testid="announcement-publish">
                {t('announcements.actions.publish')}
              </Button>
            ) : null}
            {inQueue ? (
              <Button disabled={locked || busy} onClick={() => openDialog({ kind: 'suppress' })} data-testid="announcement-suppress">
                {t('announcements.actions.suppressAsk')}
              </Button>
            ) : null}
            {inQueue && lead !== null ? (
              <Button disabled={locked || busy} onClick={() => void decide(detail.id, { action: 'merge', body: { version, into: lead } })} data-testid="announcement-merge">
                {t('announcements.actions.mergeInto', { id: lead })}
              </Button>
            ) : null}
            {detail.groupId !== null && detail.status !== 'published' && detail.status !== 'retracted' ? (
              <Button disabled={locked || busy} onClick={() => void decide(detail.id, { action: 'separate', body: { version } })} data-testid="announcement-separate">
                {t('announcements.actions.separate')}
              </Button>
            ) : null}
            {detail.status === 'suppressed' ? (
              <Button disabled={locked || busy} onClick={() => void decide(detail.id, { action: 'reopen', body: { version } })} data-testid="announcement-reopen">
                {t('announcements.actions.reopen')}
              </Button>
            ) : null}
            {detail.status === 'published' ? (
              <Button danger disabled={locked || busy} onClick={() => openDialog({ kind: 'retract' })} data-testid="announcement-retract">
                {t('announcements.actions.retractAsk')}
              </Button>
            ) : null}
            {detail.status !== 'retracted' && !editing ? (
              <Button disabled={locked} onClick={() => onEditing(true)} data-testid="announcement-edit">
                {t('announcements.actions.edit')}
              </Button>
            ) : null}
          </Space>

          {detail.status === 'retracted' && detail.retractReason ? (
            <Alert type="warning" showIcon message={t('announcements.drawer.retractedBecause')} description={detail.retractReason} data-testid="announcement-retract-note" />
          ) : null}

          {editing ? (
            <Form form={form} layout="vertical" onFinish={save} disabled={locked} data-testid="announcement-edit-form">
              <AnnouncementFields form={form} creating={false} company={detail.company} />
              <Space>
                <Button type="primary" htmlType="submit" loading={saving} data-testid="announcement-save">
                  {t('announcements.save')}
                </Button>
                <Button onClick={() => onEditing(false)}>{t('announcements.cancel')}</Button>
              </Space>
            </Form>
          ) : (
            <>
              {detail.summary ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBlock: 0 }}>{detail.summary}</Typography.Paragraph> : null}
              <Details detail={detail} />
            </>
          )}

          <CompanyLink detail={detail} disabled={locked || busy} onLink={(companyId, remember) => void decide(detail.id, { action: 'company', body: { version, companyId, remember } })} />
          <GroupMembers detail={detail} now={now} />
          <AttachmentView detail={detail} />
        </Flex>
      ) : null}
      <ReasonDialogs
        dialog={dialog}
        busy={busy}
        onClose={() => openDialog(null)}
        onSuppress={(reason) => {
          if (!detail) return;
          void decide(detail.id, { action: 'suppress', body: { version, reason } }).then((answer) => answer && openDialog(null));
        }}
        onRetract={(reason) => {
          if (!detail) return;
          void decide(detail.id, { action: 'retract', body: { version, reason } }).then((answer) => answer && openDialog(null));
        }}
      />
    </Drawer>
  );
}

function Details({ detail }: { detail: AnnouncementDetail }) {
  const { t } = useTranslation();
  const code = detail.scripCode || detail.symbol;
  return (
    <Descriptions size="small" column={1} bordered data-testid="announcement-details">
      <Descriptions.Item label={t('announcements.fields.company')}>
        {detail.company ? detail.company.name : detail.companyName || '—'}
        {code ? (
          <Typography.Text type="secondary">
            {' '}
            (<Ltr>{code}</Ltr>)
          </Typography.Text>
        ) : null}
      </Descriptions.Item>
      <Descriptions.Item label={t('announcements.fields.category')}>{detail.categoryName ?? '—'}</Descriptions.Item>
      <Descriptions.Item label={t('announcements.fields.exchangeCategory')}>
        {[detail.exchangeCategory, detail.exchangeSubcategory].filter(Boolean).join(' · ') || '—'}
      </Descriptions.Item>
      <Descriptions.Item label={t('announcements.fields.sourceId')}>
        <Ltr>{detail.sourceId || '—'}</Ltr>
      </Descriptions.Item>
      <Descriptions.Item label={t('announcements.fields.disseminatedAt')}>
        <DateTime value={detail.disseminatedAt} seconds />
      </Descriptions.Item>
      <Descriptions.Item label={t('announcements.fields.ingestedAt')}>
        <DateTime value={detail.ingestedAt} seconds />
      </Descriptions.Item>
      {detail.publishedAt ? (
        <Descriptions.Item label={t('announcements.fields.publishedAt')}>
          <DateTime value={detail.publishedAt} seconds /> · <UserName user={detail.publishedBy} />
        </Descriptions.Item>
      ) : null}
      {detail.decidedAt ? (
        <Descriptions.Item label={t('announcements.fields.decidedAt')}>
          <DateTime value={detail.decidedAt} seconds /> · <UserName user={detail.decidedBy} />
        </Descriptions.Item>
      ) : null}
      {detail.createdBy ? (
        <Descriptions.Item label={t('announcements.fields.createdBy')}>
          <UserName user={detail.createdBy} />
        </Descriptions.Item>
      ) : null}
    </Descriptions>
  );
}
