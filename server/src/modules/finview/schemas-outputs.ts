import Type from 'typebox';

/** A bigint id, as far as a JSON number holds it exactly. */
const RowId = Type.Integer({ minimum: 1, maximum: Number.MAX_SAFE_INTEGER });
import { Page, PageSize } from '../../../../common/schemas.js';
import { OUTPUT_STATUSES, TEMPLATE_KINDS } from '../../../../common/domains/finview/model.js';

// Request and answer shapes of the outputs routes (common/domains/finview/model.ts's types).

const UserRef = Type.Union([Type.Object({ id: Type.Integer(), username: Type.String() }), Type.Null()]);
const NullableNumber = Type.Union([Type.Number(), Type.Null()]);
const NullableString = Type.Union([Type.String(), Type.Null()]);
/**
 * A parameter's value. One `type` list, not a union: Fastify's ajv coerces, and a union's first
 * branch (string) would turn the number 7 into "7"; with a list, ajv coerces only a value that
 * none of the types takes, so each value keeps its own JSON type.
 */
export const ParamValue = Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'], maxLength: 1000 });

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
    templateId: RowId,
    params: Type.Record(Type.String({ maxLength: 64 }), ParamValue, { maxProperties: 100 }),
    title: Type.Optional(Type.String({ maxLength: 200 })),
  },
  { additionalProperties: false },
);

export const OutputParams = Type.Object({ id: RowId });
export const VersionBody = Type.Object({ version: RowId }, { additionalProperties: false });

const SORT = '(title|createdAt|status):(asc|desc)';
export const OutputListQuery = Type.Object(
  {
    page: Type.Optional(Page),
    pageSize: Type.Optional(PageSize),
    sort: Type.Optional(Type.String({ pattern: `^${SORT}(,${SORT}){0,2}$` })),
    kind: Type.Optional(Type.Enum([...TEMPLATE_KINDS])),
    status: Type.Optional(Type.Enum([...OUTPUT_STATUSES])),
    approval: Type.Optional(Type.Enum(['none', 'approved'])),
    templateId: Type.Optional(RowId),
    ruleId: Type.Optional(RowId),
    createdBy: Type.Optional(RowId),
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
