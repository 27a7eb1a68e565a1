import Type from 'typebox';
import { Page, PageSize } from '../../../../common/schemas.js';
import { OUTPUT_STATUSES, TEMPLATE_KINDS } from '../../../../common/domains/finview/model.js';
import { ParamValue } from '../../../../common/domains/finview/schemas.js';
import { RowId } from '../../../../common/schemas.js';

// Request shapes of the outputs routes; their answers are common/domains/finview/schemas.ts.

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
