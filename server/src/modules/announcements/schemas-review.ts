import Type from 'typebox';
import { ANNOUNCEMENT_SOURCES, ANNOUNCEMENT_STATUSES, MAX_PAGE_SIZE } from '../../../../common/domains/announcements/model.js';
import { Instant } from '../../../../common/domains/announcements/schemas.js';
import { literals, RowId } from '../../../../common/schemas.js';

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
  source: Type.Optional(literals(ANNOUNCEMENT_SOURCES)),
  categoryId: Type.Optional(RowId),
  companyId: Type.Optional(RowId),
  unmatched: Type.Optional(Type.Boolean()),
  critical: Type.Optional(Type.Boolean()),
  q: Type.Optional(Type.String({ maxLength: 200 })),
  from: Type.Optional(Instant),
  to: Type.Optional(Instant),
  sort: Type.Optional(literals(['disseminatedAt:asc', 'disseminatedAt:desc'] as const)),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  cursor: Type.Optional(Type.String({ maxLength: 200 })),
});
