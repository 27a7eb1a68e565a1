import type { Readable } from 'node:stream';
import Type from 'typebox';
import {
  KYC_DECISIONS,
  KYC_DOCUMENT_TYPES,
  KYC_REASONS,
  KYC_STATUSES,
} from '../../../../common/domains/kyc/model.js';
import { Id, IsoDate, Nullable, Page, PageSize, rule, Version } from '../../../../common/schemas.js';

// The KYC API's schemas (docs/kyc.md): what the routes validate at the edge and what the
// OpenAPI page shows. Subject fields arrive loose (strings of at most 1000 characters): the
// service checks them against the Indian rules and names every bad field in one 422. The
// answers are common/domains/kyc/schemas.ts, which the pages' types come from.

export { KycDocument, KycFile, KycSettings, KycSubject } from '../../../../common/domains/kyc/schemas.js';


export const SubjectParams = Type.Object({ id: Id }, { additionalProperties: false });
export const DocumentParams = Type.Object({ id: Id }, { additionalProperties: false });
export const UploadParams = Type.Object({ id: Id, type: Type.Enum([...KYC_DOCUMENT_TYPES]) }, { additionalProperties: false });

const Loose = Type.String({ maxLength: 1000 });

/** A subject's fields as the upload's `subject` part or a PUT sends them; checked by the service. */
export const SubjectFields = {
  name: Type.Optional(Loose),
  dob: Type.Optional(Loose),
  gender: Type.Optional(Loose),
  addressLine: Type.Optional(Loose),
  city: Type.Optional(Loose),
  state: Type.Optional(Loose),
  pinCode: Type.Optional(Loose),
  pan: Type.Optional(Nullable(Loose)),
  aadhaar: Type.Optional(Nullable(Loose)),
};

/** Fields left out keep their value; `aadhaar` given replaces the number. */
export const UpdateSubjectBody = Type.Object({ ...SubjectFields, version: Version }, { additionalProperties: false });
export const VersionBody = Type.Object({ version: Version }, { additionalProperties: false });

export const DecisionBody = Type.Object(
  {
    decision: Type.Enum([...KYC_DECISIONS]),
    reason: Type.Optional(Nullable(Type.Enum([...KYC_REASONS]))),
    comment: Type.Optional(Nullable(Type.String({ maxLength: 1000 }))),
    version: Version,
  },
  { additionalProperties: false },
);

const Pixel = Type.Integer({ minimum: 0, maximum: 100_000 });
export const MaskBody = Type.Object(
  {
    rects: Type.Array(Type.Object({ x: Pixel, y: Pixel, width: Pixel, height: Pixel }, { additionalProperties: false }), {
      minItems: 1,
      maxItems: 50,
      description: rule('maskArea'),
    }),
    version: Version,
  },
  { additionalProperties: false },
);

/** A file's bytes (a stream: sent as is, never serialised). */
export const FileBytes = Type.Unsafe<Readable>({ type: 'string', format: 'binary' });

export const FileQuery = Type.Object(
  {
    fileId: Type.Optional(Id),
    purpose: Type.Optional(Type.Enum(['view', 'download'], { default: 'view' })),
  },
  { additionalProperties: false },
);

const OneOrMore = (values: readonly string[]) =>
  Type.String({ pattern: `^(${values.join('|')})(,(${values.join('|')}))*$`, maxLength: 200, description: `one of ${values.join(', ')}, or several comma-separated` });

/** page, pageSize, sort over `sorts`, q, status and assignee: what both lists take. */
function listQuery(sorts: readonly string[], search: string) {
  const term = `(${sorts.join('|')}):(asc|desc)`;
  return {
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: `^${term}(,${term}){0,2}$`, description: rule('sort', { fields: sorts.join(', ') }) })),
    q: Type.Optional(Type.String({ maxLength: 100, description: search })),
    status: Type.Optional(OneOrMore(KYC_STATUSES)),
    assignee: Type.Optional(Type.String({ pattern: '^(me|[1-9][0-9]{0,17})$', description: '`me` or a user id' })),
  };
}

export const SUBJECT_SORTS = ['updatedAt', 'createdAt', 'name', 'status'] as const;
export const SubjectListQuery = Type.Object(listQuery(SUBJECT_SORTS, 'part of the name or PAN, or a full Aadhaar number'), { additionalProperties: false });

export const DOCUMENT_SORTS = ['updatedAt', 'status', 'type', 'subjectName'] as const;
export const DocumentListQuery = Type.Object(
  {
    ...listQuery(DOCUMENT_SORTS, 'part of the subject name or PAN'),
    type: Type.Optional(OneOrMore(KYC_DOCUMENT_TYPES)),
    uploadedBy: Type.Optional(Id),
    from: Type.Optional(IsoDate),
    to: Type.Optional(IsoDate),
    // The generic list's date range (`from,to`, either side may be empty); from/to above stay for API callers.
    updatedAt: Type.Optional(
      Type.String({ pattern: '^([0-9]{4}-[0-9]{2}-[0-9]{2})?,([0-9]{4}-[0-9]{2}-[0-9]{2})?$', description: 'UTC days of updatedAt as `from,to` (inclusive; either may be empty)' }),
    ),
  },
  { additionalProperties: false },
);
