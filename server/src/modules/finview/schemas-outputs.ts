import Type from 'typebox';
import { Page, PageSize } from '../../schemas/common.js';
import { OUTPUT_STATUSES, TEMPLATE_KINDS } from '../../../../src/resources/finview-model.js';

// Request and answer shapes of the outputs routes (src/resources/finview-model.ts's types).

const UserRef = Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
const ParamValue = Type.Union([Type.String({ maxLength: 1000 }), Type.Number(), Type.Boolean()]);

export const OutputAnswerSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...TEMPLATE_KINDS]),
  title: Type.String(),
  templateId: Type.Integer(),
  templateName: Type.String(),
  templateVersion: Type.Integer(),
  params: Type.Record(Type.String(), ParamValue),
  status: Type.Enum([...OUTPUT_STATUSES]),
  progress: Type.Integer(),
  error: NullableString,
  attempts: Type.Integer(),
  jobId: Type.String(),
  origin: Type.Enum(['user', 'rule', 'schedule']),
  rule: Type.Union([Type.Object({ id: Type.Integer(), name: Type.String() }), Type.Null()]),
  createdBy: UserRef,
  width: NullableNumber,
  height: NullableNumber,
  fps: NullableNumber,
  durationSeconds: NullableNumber,
  pages: NullableNumber,
  bytes: NullableNumber,
  hasPoster: Type.Boolean(),
  approval: Type.Enum(['none', 'approved']),
  approvedBy: UserRef,
  approvedAt: NullableString,
  createdAt: Type.String(),
  finishedAt: NullableString,
  expiresAt: NullableString,
  version: Type.Integer(),
});

export const CreateOutputBody = Type.Object(
  {
    templateId: Type.Integer({ minimum: 1 }),
    params: Type.Record(Type.String({ maxLength: 64 }), ParamValue, { maxProperties: 100 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const OutputParams = Type.Object({ id: Type.Integer({ minimum: 1 }) });
export const VersionBody = Type.Object({ version: Type.Integer({ minimum: 1 }) }, { additionalProperties: false });

const SORT = '(title|createdAt|status):(asc|desc)';
export const OutputListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: `^${SORT}(,${SORT}){0,2}$` })),
    kind: Type.Optional(Type.Enum([...TEMPLATE_KINDS])),
    status: Type.Optional(Type.Enum([...OUTPUT_STATUSES])),
    approval: Type.Optional(Type.Enum(['none', 'approved'])),
    templateId: Type.Optional(Type.Integer({ minimum: 1 })),
    ruleId: Type.Optional(Type.Integer({ minimum: 1 })),
    createdBy: Type.Optional(Type.Integer({ minimum: 1 })),
    q: Type.Optional(Type.String({ maxLength: 100 })),
  },
  { additionalProperties: false },
);

export const MediaAnswerSchema = Type.Object({
  video: Type.Optional(Type.String()),
  poster: Type.Optional(Type.String()),
  pdf: Type.Optional(Type.String()),
  download: Type.Optional(Type.String()),
  expiresAt: Type.String(),
});
