import Type, { type Static } from 'typebox';
import { literals, Nullable, RowId } from '../../schemas';
import { NEWS_EVENT_FIELDS, OUTPUT_STATUSES, RULE_EVENTS, RULE_TRIGGERS, TEMPLATE_KINDS } from './model';

// finview's answers and bodies that have a schema (docs/finview.md), written once: the server
// validates and serialises with these (server/src/modules/finview), the pages read the types
// derived from them through model.ts. Answers without a schema stay plain types in model.ts.

export const UserRefSchema = Type.Object({ id: Type.Integer(), username: Type.String() });

/**
 * A parameter's value. One `type` list, not a union: Fastify's ajv coerces, and a union's first
 * branch (string) would turn the number 7 into "7"; with a list, ajv coerces only a value that
 * none of the types takes, so each value keeps its own JSON type.
 */
export const ParamValue = Type.Unsafe<string | number | boolean>({ type: ['string', 'number', 'boolean'], maxLength: 1000 });

const ParamName = '^[A-Za-z][A-Za-z0-9_]{0,63}$';
/** One parameter of a template: the JSON Schema subset the params form draws and publish accepts. */
export const ParamSchemaSchema = Type.Object(
  {
    type: Type.Enum(['string', 'number', 'integer', 'boolean']),
    title: Type.Optional(Type.String({ maxLength: 120 })),
    description: Type.Optional(Type.String({ maxLength: 500 })),
    enum: Type.Optional(Type.Array(Type.Union([Type.String({ maxLength: 200 }), Type.Number()]), { minItems: 1, maxItems: 100 })),
    default: Type.Optional(Type.Union([Type.String({ maxLength: 500 }), Type.Number(), Type.Boolean()])),
    minimum: Type.Optional(Type.Number()),
    maximum: Type.Optional(Type.Number()),
    minLength: Type.Optional(Type.Integer({ minimum: 0 })),
    maxLength: Type.Optional(Type.Integer({ minimum: 0 })),
    format: Type.Optional(Type.Literal('date')),
    /** The value is a record of a plugin: the form offers a picker (`company-records`: a company id; `price-series`: a series id). */
    'x-source': Type.Optional(Type.Enum(['company-records', 'price-series'])),
  },
  { additionalProperties: false },
);
/** A template's parameters as a JSON Schema (draft 2020-12 subset, checked with ajv). */
export const ParamsSchemaSchema = Type.Object(
  {
    type: Type.Literal('object'),
    properties: Type.Record(Type.String({ pattern: ParamName }), ParamSchemaSchema, { maxProperties: 30 }),
    required: Type.Optional(Type.Array(Type.String({ pattern: ParamName }), { maxItems: 30 })),
    additionalProperties: Type.Optional(Type.Boolean()),
  },
  { additionalProperties: false },
);

export const OutputAnswerSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Enum([...TEMPLATE_KINDS]),
  title: Type.String(),
  templateId: Type.Integer(),
  templateName: Type.String(),
  templateVersion: Type.Integer(),
  params: Type.Record(Type.String(), ParamValue),
  status: Type.Enum([...OUTPUT_STATUSES]),
  /** 0..100 of the current attempt. */
  progress: Type.Integer(),
  /** The last failure, in English from the renderer (shown as detail under a translated sentence). */
  error: Nullable(Type.String()),
  attempts: Type.Integer(),
  jobId: Type.String(),
  origin: Type.Enum(['user', 'rule', 'schedule']),
  rule: Nullable(Type.Object({ id: Type.Integer(), name: Type.String() })),
  createdBy: Nullable(UserRefSchema),
  width: Nullable(Type.Number()),
  height: Nullable(Type.Number()),
  fps: Nullable(Type.Number()),
  durationSeconds: Nullable(Type.Number()),
  pages: Nullable(Type.Number()),
  bytes: Nullable(Type.Number()),
  hasPoster: Type.Boolean(),
  approval: Type.Enum(['none', 'approved']),
  approvedBy: Nullable(UserRefSchema),
  approvedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  /** When retention deletes it (unpublished only), else null. */
  expiresAt: Nullable(Type.String()),
  version: Type.Integer(),
  /** Who made it: its user, else its rule's author; the one who may not approve it (maker-checker). */
  makerId: Nullable(Type.String()),
});

/** `POST finview/outputs/:id/media`: short-lived URLs a <video>, <img> or link can load (Range works). */
export const MediaAnswerSchema = Type.Object({
  video: Type.Optional(Type.String()),
  poster: Type.Optional(Type.String()),
  pdf: Type.Optional(Type.String()),
  /** Same file, as an attachment. */
  download: Type.Optional(Type.String()),
  expiresAt: Type.String(),
});

/** A rule's param: a value, or (event rules) the field of the event that fired it. */
const RuleParamValue = Type.Union([ParamValue, Type.Object({ event: literals(NEWS_EVENT_FIELDS) }, { additionalProperties: false })]);

/** POST and PUT finview/rules (PUT adds `version`). */
export const RuleBodySchema = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 120 }),
  enabled: Type.Boolean(),
  trigger: literals(RULE_TRIGGERS),
  cron: Type.Optional(Type.Union([Type.String({ maxLength: 100 }), Type.Null()])),
  timezone: Type.Optional(Type.String({ maxLength: 60 })),
  event: Type.Optional(Type.Union([literals(RULE_EVENTS), Type.Null()])),
  conditions: Type.Optional(Type.Object({ companyIds: Type.Optional(Type.Array(RowId, { maxItems: 500 })) })),
  templateId: RowId,
  params: Type.Optional(Type.Record(Type.String({ maxLength: 100 }), RuleParamValue)),
  title: Type.Optional(Type.String({ maxLength: 200 })),
  dedupeKey: Type.Optional(Type.String({ maxLength: 200 })),
});

export const RuleAnswerSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  enabled: Type.Boolean(),
  trigger: literals(RULE_TRIGGERS),
  cron: Nullable(Type.String()),
  timezone: Type.String(),
  event: Nullable(literals(RULE_EVENTS)),
  /** news.approved: `companyIds` (the watch-list; empty = any company). */
  conditions: Type.Object({ companyIds: Type.Optional(Type.Array(Type.Integer())) }),
  templateId: Type.Integer(),
  templateName: Type.String(),
  params: Type.Record(Type.String(), RuleParamValue),
  title: Type.String(),
  dedupeKey: Type.String(),
  lastFiredAt: Nullable(Type.String()),
  /** schedule: the next time it fires, else null. */
  nextRunAt: Nullable(Type.String()),
  outputCount: Type.Integer(),
  createdBy: Nullable(UserRefSchema),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  version: Type.Integer(),
});

/** `GET finview/companies`: a company to pick for a parameter or a rule's watch-list. */
export const CompanyChoiceSchema = Type.Object({ id: Type.Integer(), name: Type.String(), isin: Type.String(), ticker: Type.String() });

export type UserRef = Static<typeof UserRefSchema>;
export type ParamSchema = Static<typeof ParamSchemaSchema>;
export type ParamsSchema = Static<typeof ParamsSchemaSchema>;
export type OutputAnswer = Static<typeof OutputAnswerSchema>;
export type MediaAnswer = Static<typeof MediaAnswerSchema>;
export type RuleBody = Static<typeof RuleBodySchema>;
export type RuleAnswer = Static<typeof RuleAnswerSchema>;
export type CompanyChoice = Static<typeof CompanyChoiceSchema>;
