import { QUEUE_STATUSES, type AnnouncementAnswer } from '../../../common/domains/announcements/model';

/** The suggested lead of a grouped row still to decide: it is a duplicate of that one. */
export function suggestedLead(row: Pick<AnnouncementAnswer, 'id' | 'groupId' | 'status'>): number | null {
  return row.groupId !== null && row.groupId !== row.id && QUEUE_STATUSES.includes(row.status) ? row.groupId : null;
}
