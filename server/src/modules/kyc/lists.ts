import type { FastifyInstance } from 'fastify';
import { checkAadhaar, aadhaarDigits } from '../../../../src/resources/kyc-rules.js';
import type { AuditActor } from '../../services/audit.js';
import { limitOffset, orderBy, type Page } from '../../services/paging.js';
import { documentAnswer, subjectAnswer, type DocumentAnswer, type SubjectAnswer } from './answers.js';
import { DOCUMENT_COLUMNS, DOCUMENT_JOINS, SUBJECT_COLUMNS, SUBJECT_FROM } from './repository.js';

// The KYC lists (docs/kyc.md): one page and its exact total. The page is read through the
// indexes of migration 014 (newest first, by status, by type, by assignee, by name) and joined
// to users and subjects only for its own rows; the total is counted apart, over the filters alone.

export interface SubjectListQuery {
  page?: number | undefined;
  pageSize?: number | undefined;
  sort?: string | undefined;
  q?: string | undefined;
  status?: string | undefined;
  assignee?: string | undefined;
}

export interface DocumentListQuery extends SubjectListQuery {
  type?: string | undefined;
  uploadedBy?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

class Conditions {
  readonly params: unknown[] = [];
  readonly list: string[] = [];
  bind(value: unknown): string {
    this.params.push(value);
    return `$${this.params.length}`;
  }
  add(condition: string): void {
    this.list.push(condition);
  }
  get where(): string {
    return this.list.length > 0 ? `WHERE ${this.list.join(' AND ')}` : '';
  }
}

/** The last sort term's direction, so the id that breaks ties runs the same way (and the index serves both). */
function tieBreaker(sort: string | undefined, column: string, fallback: 'ASC' | 'DESC'): string {
  const direction = sort ? (sort.split(',').at(-1)?.endsWith(':asc') ? 'ASC' : 'DESC') : fallback;
  return `${column} ${direction}`;
}

const assigneeOf = (assignee: string, actor: AuditActor) => (assignee === 'me' ? actor.id : assignee);

export function createKycLists(fastify: FastifyInstance) {
  const { db } = fastify;

  async function page<T>(
    select: string,
    from: string,
    countFrom: string,
    conditions: Conditions,
    order: string,
    query: { page?: number | undefined; pageSize?: number | undefined },
    map: (row: Record<string, unknown>) => T,
  ): Promise<Page<T>> {
    const pageSize = query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
    const { limit, offset } = limitOffset({ page: query.page, pageSize });
    const n = conditions.params.length;
    const [rows, count] = await Promise.all([
      db.query(`${select} ${from} ${conditions.where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}`, [...conditions.params, limit, offset]),
      db.query<{ total: string }>(`SELECT count(*) AS total ${countFrom} ${conditions.where}`, conditions.params),
    ]);
    return { rows: rows.rows.map(map), total: Number(count.rows[0]?.total ?? 0) };
  }

  return {
    async subjects(actor: AuditActor, query: SubjectListQuery): Promise<Page<SubjectAnswer>> {
      const conditions = new Conditions();
      if (query.status) conditions.add(`s.status = ANY(${conditions.bind(query.status.split(','))}::text[])`);
      if (query.assignee) conditions.add(`s.assignee_id = ${conditions.bind(assigneeOf(query.assignee, actor))}::bigint`);
      const q = query.q?.trim();
      if (q) {
        const digits = aadhaarDigits(q);
        if (checkAadhaar(digits).ok) {
          // A full Aadhaar number: found through the vault's keyed hash, never compared in clear.
          const ref = await fastify.aadhaarVault.findRefByNumber(digits);
          conditions.add(ref ? `s.aadhaar_ref = ${conditions.bind(ref)}::uuid` : 'false');
        } else {
          const text = conditions.bind(q.toLowerCase());
          conditions.add(`(strpos(lower(s.name), ${text}) > 0 OR strpos(lower(s.pan), ${text}) > 0)`);
        }
      }
      const columns = { updatedAt: 's.updated_at', createdAt: 's.created_at', name: 'lower(s.name)', status: 's.status' };
      const order = orderBy(query.sort, columns, 's.updated_at DESC', tieBreaker(query.sort, 's.id', 'DESC'));
      return page(`SELECT ${SUBJECT_COLUMNS}`, SUBJECT_FROM, 'FROM kyc_subjects s', conditions, order, query, subjectAnswer);
    },

    async documents(actor: AuditActor, query: DocumentListQuery): Promise<Page<DocumentAnswer>> {
      const conditions = new Conditions();
      if (query.status) conditions.add(`d.status = ANY(${conditions.bind(query.status.split(','))}::text[])`);
      if (query.type) conditions.add(`d.type = ANY(${conditions.bind(query.type.split(','))}::text[])`);
      if (query.assignee) conditions.add(`s.assignee_id = ${conditions.bind(assigneeOf(query.assignee, actor))}::bigint`);
      if (query.uploadedBy) {
        conditions.add(`d.current_file_id IN (SELECT id FROM kyc_document_files WHERE uploaded_by = ${conditions.bind(query.uploadedBy)}::bigint)`);
      }
      // UTC days, inclusive, as the audit log's.
      if (query.from) conditions.add(`d.updated_at >= (${conditions.bind(query.from)}::date)::timestamp AT TIME ZONE 'UTC'`);
      if (query.to) conditions.add(`d.updated_at < (${conditions.bind(query.to)}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
      const q = query.q?.trim().toLowerCase();
      if (q) {
        const text = conditions.bind(q);
        conditions.add(`(strpos(lower(s.name), ${text}) > 0 OR strpos(lower(s.pan), ${text}) > 0)`);
      }
      const columns = { updatedAt: 'd.updated_at', status: 'd.status', type: 'd.type', subjectName: 'lower(s.name)' };
      const order = orderBy(query.sort, columns, 'd.updated_at DESC', tieBreaker(query.sort, 'd.id', 'DESC'));
      const from = `FROM kyc_documents d JOIN kyc_subjects s ON s.id = d.subject_id ${DOCUMENT_JOINS}`;
      const needsSubject = Boolean(query.assignee || q);
      const countFrom = needsSubject ? 'FROM kyc_documents d JOIN kyc_subjects s ON s.id = d.subject_id' : 'FROM kyc_documents d';
      return page(`SELECT ${DOCUMENT_COLUMNS}`, from, countFrom, conditions, order, query, documentAnswer);
    },
  };
}

export type KycLists = ReturnType<typeof createKycLists>;
