import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { AnnouncementDetail } from '../../../common/domains/announcements/model';
import { errorText } from '../../components/error-text';
import { useToast } from '../../components/toasts';
import { useAnnouncementsApi, type Decision } from './announcements-api';

// One decision at a time, from the drawer's buttons or the queue's keys; the server's answer
// (or refusal: a lock, a stale version, a state that moved) is a toast in the reader's words.

const SUCCESS: Record<Decision['action'], string> = {
  publish: 'server.announcementPublished',
  suppress: 'server.announcementSuppressed',
  reopen: 'server.announcementReopened',
  retract: 'server.announcementRetracted',
  merge: 'server.announcementMerged',
  separate: 'server.announcementSeparated',
  company: 'server.announcementCompanyLinked',
};

export function useDecide(onDone: (detail: AnnouncementDetail) => void) {
  const { t } = useTranslation();
  const api = useAnnouncementsApi();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  const decide = useCallback(
    async (id: number, decision: Decision): Promise<AnnouncementDetail | null> => {
      setBusy(true);
      try {
        const detail = await api.decide(id, decision);
        toast('success', 'announcement-decision', t(SUCCESS[decision.action]));
        onDone(detail);
        return detail;
      } catch (error) {
        toast('error', 'announcement-decision', errorText(error, t));
        return null;
      } finally {
        setBusy(false);
      }
    },
    [api, onDone, t, toast],
  );
  return { decide, busy };
}
