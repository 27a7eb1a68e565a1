import Type from 'typebox';
import { ANNOUNCEMENT_SOURCES, ANNOUNCEMENT_STATUSES, MAX_PAGE_SIZE } from '../../../../common/domains/announcements/model.js';
import { Instant } from '../../../../common/domains/announcements/schemas.js';
import { literals, Page } from '../../../../common/schemas.js';

// The review routes' request-only schemas; the answers and the bodies the pages send are
// common/domains/announcements/schemas.ts, which the pages' types come from.

export {
  AnnouncementReply,
  CompanyBody,
  CompanyRef,
  DecisionBody,
  DetailReply,
  EditBody,
  InputBody,
  LockReply,
  MergeBody,
  RetractBody,
  SuppressBody,
} from '../../../../common/domains/announcements/schemas.js';

export const LockBody = Type.Object({ force: Type.Optional(Type.Boolean()) });

export const ListQuery = Type.Object({
  status: Type.Optional(literals(['queue', 'all', ...ANNOUNCEMENT_STATUSES] as const)),
  // One source, or the generic list's multiSelect (`BSE,NSE`).
  source: Type.Optional(Type.String({ maxLength: 40, pattern: `^(${ANNOUNCEMENT_SOURCES.join('|')})(,(${ANNOUNCEMENT_SOURCES.join('|')}))*$` })),
  // One id, or the generic list's multiSelect (`3,7`).
  categoryId: Type.Optional(Type.String({ maxLength: 400, pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,19}$' })),
  companyId: Type.Optional(Type.String({ maxLength: 400, pattern: '^[1-9][0-9]{0,14}(,[1-9][0-9]{0,14}){0,19}$' })),
  unmatched: Type.Optional(Type.Boolean()),
  critical: Type.Optional(Type.Boolean()),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  // The generic list's dateRange on disseminatedAt: `from,to` (either side may be empty).
  disseminatedAt: Type.Optional(Type.String({ maxLength: 80, pattern: '^[^,]*,[^,]*$' })),
  // The generic list's numbered pages (from 1), without a cursor.
  page: Type.Optional(Page),
  sort: Type.Optional(literals(['disseminatedAt:asc', 'disseminatedAt:desc'] as const)),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
