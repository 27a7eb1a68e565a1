import type { FastifyInstance } from 'fastify';
import { checkAadhaar, aadhaarDigits } from '../../../../common/domains/kyc/rules.js';
import type { AuditActor } from '../../lib/audit.js';
import { limitOffset, orderBy, type Page } from '../../lib/paging.js';
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
  /** The generic list's date range, `from,to`: the same as from and to. */
  updatedAt?: string | undefined;
}

/** The days asked for: `updatedAt=from,to` (the generic list's) or from and to (each wins when given). */
function daysOf(query: DocumentListQuery): { from: string | undefined; to: string | undefined } {
  const [rangeFrom, rangeTo] = (query.updatedAt ?? ',').split(',');
  return { from: query.from ?? (rangeFrom || undefined), to: query.to ?? (rangeTo || undefined) };
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

/**
 * After the sort terms, the order the indexes of migration 014 keep: by status or type,
 * newest first within each (the index read backwards for a descending sort); otherwise the id,
 * in the last term's direction.
 */
function documentTieBreaker(sort: string | undefined): string {
  const last = sort?.split(',').at(-1) ?? 'updatedAt:desc';
  const [field, direction] = last.split(':');
  if (field === 'status' || field === 'type') return direction === 'asc' ? 'd.updated_at DESC, d.id DESC' : 'd.updated_at ASC, d.id ASC';
  return `d.id ${direction === 'asc' ? 'ASC' : 'DESC'}`;
}

/** Up to this many subjects matching `q` are looked up by id; more read the documents in order instead. */
const MATCHED_SUBJECTS = 1000;

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
          conditions.add(`strpos(s.search, ${conditions.bind(q.toLowerCase())}) > 0`);
        }
      }
      const columns = { updatedAt: 's.updated_at', createdAt: 's.created_at', name: 'lower(s.name)', status: 's.status' };
      const order = orderBy(query.sort, columns, 's.updated_at DESC', tieBreaker(query.sort, 's.id', 'DESC'));
      return page(`SELECT ${SUBJECT_COLUMNS}`, SUBJECT_FROM, 'FROM kyc_subjects s', conditions, order, query, subjectAnswer);
    },

    async documents(actor: AuditActor, query: DocumentListQuery): Promise<Page<DocumentAnswer>> {
      const conditions = new Conditions();
      // With only these filters the total is the sum of the counters (migration 014).
      const counters: string[] = [];
      let counted = true;
      if (query.status) {
        const statuses = conditions.bind(query.status.split(','));
        conditions.add(`d.status = ANY(${statuses}::text[])`);
        counters.push(`c.status = ANY(${statuses}::text[])`);
      }
      if (query.type) {
        const types = conditions.bind(query.type.split(','));
        conditions.add(`d.type = ANY(${types}::text[])`);
        counters.push(`c.type = ANY(${types}::text[])`);
      }
      // UTC days, inclusive, as the audit log's.
      const days = daysOf(query);
      if (days.from) {
        const from = conditions.bind(days.from);
        conditions.add(`d.updated_at >= (${from}::date)::timestamp AT TIME ZONE 'UTC'`);
        counters.push(`c.day >= ${from}::date`);
      }
      if (days.to) {
        const to = conditions.bind(days.to);
        conditions.add(`d.updated_at < (${to}::date + 1)::timestamp AT TIME ZONE 'UTC'`);
        counters.push(`c.day <= ${to}::date`);
      }
      if (query.assignee) {
        counted = false;
        conditions.add(`d.assignee_id = ${conditions.bind(assigneeOf(query.assignee, actor))}::bigint`);
      }
      if (query.uploadedBy) {
        counted = false;
        conditions.add(`d.uploaded_by = ${conditions.bind(query.uploadedBy)}::bigint`);
      }
      const q = query.q?.trim().toLowerCase();
      let joinSubject = (query.sort ?? '').includes('subjectName');
      let broadSearch = false;
      if (q) {
        counted = false;
        // Few subjects match a name or a PAN: their ids go in as a list the planner can count,
        // so the documents are read through (subject_id, type) instead of scanning them all.
        const matched = await db.query<{ id: string }>(
          `SELECT id::text AS id FROM kyc_subjects s WHERE strpos(s.search, $1) > 0 LIMIT ${MATCHED_SUBJECTS + 1}`,
          [q],
        );
        if (matched.rows.length <= MATCHED_SUBJECTS) conditions.add(`d.subject_id = ANY(${conditions.bind(matched.rows.map((row) => row.id))}::bigint[])`);
        else {
          joinSubject = broadSearch = true;
          conditions.add(`strpos(s.search, ${conditions.bind(q)}) > 0`);
        }
      }
      const columns = { updatedAt: 'd.updated_at', status: 'd.status', type: 'd.type', subjectName: 'lower(s.name)' };
      const order = orderBy(query.sort, columns, 'd.updated_at DESC', documentTieBreaker(query.sort));
      const subject = 'JOIN kyc_subjects s ON s.id = d.subject_id';
      const pageSize = query.pageSize ?? (await fastify.appConfig.current()).defaults.pageSize;
      const { limit, offset } = limitOffset({ page: query.page, pageSize });
      const n = conditions.params.length;
      // The page's ids first, from the indexes alone; the joins for those rows only.
      const pageSql = `SELECT ${DOCUMENT_COLUMNS}
          FROM (SELECT d.id FROM kyc_documents d ${joinSubject ? subject : ''} ${conditions.where} ORDER BY ${order} LIMIT $${n + 1} OFFSET $${n + 2}) AS p
          JOIN kyc_documents d ON d.id = p.id ${subject} ${DOCUMENT_JOINS}
         ORDER BY ${order}`;
      const countSql = counted
        ? `SELECT coalesce(sum(n), 0) AS total FROM kyc_document_counts c ${counters.length > 0 ? `WHERE ${counters.join(' AND ')}` : ''}`
        : `SELECT count(*) AS total FROM kyc_documents d ${broadSearch ? subject : ''} ${conditions.where}`;
      const [rows, count] = await Promise.all([db.query(pageSql, [...conditions.params, limit, offset]), db.query<{ total: string }>(countSql, conditions.params)]);
      return { rows: rows.rows.map(documentAnswer), total: Number(count.rows[0]?.total ?? 0) };
    },
  };
}

export type KycLists = ReturnType<typeof createKycLists>;
