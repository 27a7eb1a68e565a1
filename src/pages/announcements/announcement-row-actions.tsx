import { Button, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canAccess } from '../../../common/access';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { notify, useRole } from '../../providers';
import { useRuntime } from '../../registry/registry-context';
import type { RowActionProps } from '../generic/row-actions';
import { useAnnouncementsApi, type Decision } from './announcements-api';
import { CompanyLink } from './company-link';
import { suggestedLead } from './suggested-lead';

// What an announcement offers besides the workflow's transitions (docs/announcements.md
// "Decisions"), by name in src/registry/row-actions.ts: merge a suggested duplicate into its
// lead, separate a row from its group, link the company. Each is the module's own route, which
// refuses it while another reviewer holds the row's soft lock (409 announcementLocked).

const SUCCESS: Record<'merge' | 'separate' | 'company', string> = {
  merge: 'server.announcementMerged',
  separate: 'server.announcementSeparated',
  company: 'server.announcementCompanyLinked',
};

function useDecision(onDone: () => void) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const role = useRole();
  const { registry } = useRuntime();
  const [busy, setBusy] = useState(false);
  const allowed = canAccess(role, { resource: 'announcements', action: 'edit' }, registry.definitions);
  const decide = async (id: number, decision: Decision & { action: keyof typeof SUCCESS }): Promise<boolean> => {
    setBusy(true);
    try {
      await api.decide(id, decision);
      notify({ type: 'success', key: 'announcement-decision', message: t(SUCCESS[decision.action]) });
      onDone();
      return true;
    } catch (error) {
      notify({ type: 'error', key: 'announcement-decision', message: errorText(error, t) });
      return false;
    } finally {
      setBusy(false);
    }
  };
  return { allowed, busy, decide };
}

const announcementOf = (props: RowActionProps) => props.record as unknown as AnnouncementDetail;

/** One decision's button, small on a row; the click stays off the row. */
function DecisionButton({ props, testId, label, decision }: { props: RowActionProps; testId: string; label: string; decision: Decision & { action: 'merge' | 'separate' } }) {
  const { busy, decide } = useDecision(props.onDone);
  return (
    <Button
      size={props.place === 'row' ? 'small' : 'middle'}
      loading={busy}
      onClick={(event) => {
        event.stopPropagation();
        void decide(announcementOf(props).id, decision);
      }}
      data-testid={testId}
    >
      {label}
    </Button>
  );
}

/** Merge a queued member of a group into its lead: it becomes a suppressed duplicate. */
export function MergeAction(props: RowActionProps) {
  const { t } = useTranslation();
  const announcement = announcementOf(props);
  const { allowed } = useDecision(props.onDone);
  const lead = suggestedLead(announcement);
  if (!allowed || lead === null) return null;
  const testId = props.place === 'row' ? 'announcement-row-merge' : 'announcement-merge';
  return <DecisionButton props={props} testId={testId} label={t('announcements.actions.mergeInto', { id: lead })} decision={{ action: 'merge', body: { version: announcement.version, into: lead } }} />;
}

/** Leave the group: a suppressed duplicate goes back to the queue, a lead hands the group on. */
export function SeparateAction(props: RowActionProps) {
  const { t } = useTranslation();
  const announcement = announcementOf(props);
  const { allowed } = useDecision(props.onDone);
  if (!allowed || announcement.groupId === null || announcement.status === 'published' || announcement.status === 'retracted') return null;
  return <DecisionButton props={props} testId="announcement-separate" label={t('announcements.actions.separate')} decision={{ action: 'separate', body: { version: announcement.version } }} />;
}

/** Link (or change) the company, in a dialog; "remember" links the other unmatched rows with the same code. */
export function CompanyAction(props: RowActionProps) {
  const { t } = useTranslation();
  const announcement = announcementOf(props);
  const { allowed, busy, decide } = useDecision(props.onDone);
  const [open, setOpen] = useState(false);
  if (!allowed || announcement.status === 'retracted') return null;
  return (
    <>
      <Button
        size={props.place === 'row' ? 'small' : 'middle'}
        onClick={(event) => {
          event.stopPropagation();
          setOpen(true);
        }}
        data-testid="announcement-company-open"
      >
        {announcement.company ? t('announcements.link.change') : t('announcements.link.title')}
      </Button>
      <Modal open={open} onCancel={() => setOpen(false)} footer={null} title={t('announcements.link.title')} destroyOnHidden>
        <CompanyLink
          detail={announcement}
          disabled={busy}
          onLink={(companyId, remember) =>
            void decide(announcement.id, { action: 'company', body: { version: announcement.version, companyId, remember } }).then((done) => done && setOpen(false))
          }
        />
      </Modal>
    </>
  );
}
