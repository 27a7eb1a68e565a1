import Type from 'typebox';
import { companies } from '../../../../common/resources/companies.js';
import { CompanyOption } from '../../../../common/domains/news/schemas.js';
import { IdOrNumber, Version } from '../../../../common/schemas.js';
import { crudModel } from '../crud/model.js';
import { recordSchema } from '../crud/schemas.js';

// Companies.

// The company rule itself (which characters, how long) is common/domains/news/company-rules.ts,
// shared with the client.

/** update-company answers the record as the generic module does, wrapped (API.md). */
export const UpdateCompanyReply = Type.Object({ result: recordSchema(crudModel(companies)) });

/** Loose on purpose: the company rule is checked by the service, which names every bad field. */
export const UpdateCompanyBody = Type.Object({
  companyId: IdOrNumber,
  compName: Type.Optional(Type.String({ maxLength: 1000 })),
  isin: Type.Optional(Type.String({ maxLength: 1000 })),
  ticker: Type.Optional(Type.String({ maxLength: 1000 })),
  exchange: Type.Optional(Type.String({ maxLength: 1000 })),
  sector: Type.Optional(Type.String({ maxLength: 1000 })),
  website: Type.Optional(Type.String({ maxLength: 1000 })),
  email: Type.Optional(Type.String({ maxLength: 1000 })),
  phone: Type.Optional(Type.String({ maxLength: 1000 })),
  address: Type.Optional(Type.String({ maxLength: 1000 })),
  isActive: Type.Optional(Type.Boolean()),
  version: Type.Optional(Version),
});

export const SearchCompanyQuery = Type.Object(
  { compName: Type.String({ minLength: 1, maxLength: 200 }) },
  { additionalProperties: false },
);
export const SearchCompanyReply = Type.Array(CompanyOption);

const Params = Type.Record(Type.String(), Type.Union([Type.String(), Type.Number()]));

export const UploadErrorReply = Type.Object({
  message: Type.String(),
  code: Type.Optional(Type.String()),
  params: Type.Optional(Params),
  /** Why the whole file was refused, as a code the client words (news.upload.failed.*). */
  reason: Type.Optional(Type.String()),
  // Rows of the sheet for a bad file; `{field: reason}` for a bad form (no file, say).
  errors: Type.Optional(
    Type.Union([
      Type.Array(
        Type.Object({ row: Type.Integer(), field: Type.String(), reason: Type.String(), code: Type.String(), params: Type.Optional(Params) }),
      ),
      Type.Record(Type.String(), Type.String()),
    ]),
  ),
  reasons: Type.Optional(Type.Record(Type.String(), Type.Object({ code: Type.String(), params: Type.Optional(Params) }))),
});
export const UploadReply = Type.Object({ result: Type.Object({ inserted: Type.Integer(), updated: Type.Integer() }) });
