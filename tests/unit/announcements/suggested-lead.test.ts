import { describe, expect, it } from 'vitest';
import type { AnnouncementAnswer } from '../../../common/domains/announcements/model';
import { suggestedLead } from '../../../src/pages/announcements/suggested-lead';

// The queue's "duplicate of #n" (the group cell and the merge row action).

const row = (id: number, extra: Partial<AnnouncementAnswer> = {}) => ({ id, groupId: null, status: 'needs_review', ...extra }) as Pick<AnnouncementAnswer, 'id' | 'groupId' | 'status'>;

describe('the suggested lead', () => {
  it('is the lead of a grouped row still in the queue only', () => {
    expect(suggestedLead(row(3, { groupId: 1 }))).toBe(1);
    expect(suggestedLead(row(3, { groupId: 1, status: 'ingested' }))).toBe(1);
    expect(suggestedLead(row(1, { groupId: 1 }))).toBeNull();
    expect(suggestedLead(row(3, { groupId: 1, status: 'suppressed' }))).toBeNull();
    expect(suggestedLead(row(3))).toBeNull();
  });
});
