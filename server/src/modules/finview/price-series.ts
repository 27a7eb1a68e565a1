import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PriceSeries } from '../../../../common/domains/finview/model.js';
import { HttpError, orNotFound, type FieldRefusal } from '../../errors.js';
import { recordAudit, type AuditActor } from '../../lib/audit.js';
import { readUpload, type UploadPolicy } from '../../lib/upload-guard/index.js';
import { assertSafeText } from '../../plugins/app/safe-text.js';
import { isoOf, isUniqueViolation } from '../../lib/paging.js';
import { createWorkerPool } from '../../lib/worker-pool.js';
import type { PriceSeriesJob, PriceSeriesResult } from '../../workers/price-series-worker.js';
import { readPlugins } from './sources.js';

// Price series for the price-series plugin (docs/finview.md "Price series"): uploaded as .xlsx or
// CSV, parsed in a worker thread, stored as points; deleted unless a rule's params name them.

const WORKER_URL = new URL(`../../workers/price-series-worker${import.meta.url.endsWith('.ts') ? '.ts' : '.js'}`, import.meta.url);
const MAX_FILE_BYTES = 5 * 1024 * 1024;

/**
 * What a price series' .xlsx may hold once inflated, checked before the worker reads it: far
 * less than the companies upload's (a series is two columns of at most maxPoints × 10 rows, and
 * maxPoints is at most 100 000), so a bomb costs the zip check's few megabytes and no worker.
 */
const SERIES_XLSX_LIMITS = { entries: 1000, inflatedBytes: 64_000_000, entryBytes: 48_000_000, rows: 1_000_002, cells: 2_000_000, strings: 1_000_000 };

/** The upload form (routes-plugins.ts), as the upload guard holds it. */
export const PRICE_SERIES_FORM: UploadPolicy = {
  files: { file: { kinds: ['xlsx', 'csv'], maxBytes: MAX_FILE_BYTES, xlsx: SERIES_XLSX_LIMITS } },
  fields: ['name', 'symbol'],
  maxFields: 4,
};
const ENTITY = 'finview_price_series';

interface SeriesRow extends Omit<PriceSeries, 'createdBy' | 'createdAt'> {
  createdById: number | null;
  createdByName: string | null;
  createdAt: Date;
}

const SERIES_SQL = `SELECT s.id::int AS id, s.name, s.symbol, s.filename, s.point_count AS "pointCount",
    to_char(s.first_day, 'YYYY-MM-DD') AS "firstDay", to_char(s.last_day, 'YYYY-MM-DD') AS "lastDay",
    s.created_by::int AS "createdById", u.username AS "createdByName", s.created_at AS "createdAt"
  FROM finview_price_series s LEFT JOIN users u ON u.id = s.created_by`;

function answer(row: SeriesRow): PriceSeries {
  const { createdById, createdByName, createdAt, ...rest } = row;
  return { ...rest, createdBy: createdById !== null && createdByName !== null ? { id: createdById, username: createdByName } : null, createdAt: isoOf(createdAt) };
}

export function createPriceSeriesService(fastify: FastifyInstance) {
  const { db } = fastify;
  const pool = createWorkerPool<PriceSeriesJob, PriceSeriesResult>({ entry: WORKER_URL, size: 1, resourceLimits: { maxOldGenerationSizeMb: 512 }, timeoutMs: 60_000, idleMs: 30_000 });
  fastify.addHook('onClose', () => pool.close());

  return {
    async list(): Promise<PriceSeries[]> {
      const { rows } = await db.query<SeriesRow>(`${SERIES_SQL} ORDER BY lower(s.name), s.id`);
      return rows.map(answer);
    },

    async upload(actor: AuditActor, request: FastifyRequest): Promise<PriceSeries> {
      const upload = await readUpload(request);
      const { fields } = upload;
      const received = upload.files[0];
      const file = received ? { bytes: received.data, filename: received.filename } : undefined;
      assertSafeText({ ...fields, ...(file ? { file: file.filename } : {}) });
      const refusals: Record<string, FieldRefusal> = {};
      const name = (fields.name ?? '').trim();
      const symbol = (fields.symbol ?? '').trim();
      if (!name) refusals.name = 'required';
      else if (name.length > 120) refusals.name = { code: 'tooLong', params: { limit: 120 } };
      if (symbol.length > 40) refusals.symbol = { code: 'tooLong', params: { limit: 40 } };
      if (!file) refusals.file = 'required';
      if (Object.keys(refusals).length > 0 || !file) throw new HttpError(422, 'validation', refusals);
      const config = (await readPlugins(db, null)).get('price-series')?.config ?? {};
      const maxPoints = typeof config.maxPoints === 'number' ? config.maxPoints : 2000;
      const data = new Uint8Array(file.bytes);
      let parsed: PriceSeriesResult;
      try {
        parsed = await pool.run({ data, maxPoints: maxPoints * 10 });
      } catch {
        throw new HttpError(422, 'finviewSeriesUnreadable', { file: 'invalid' });
      }
      if (!parsed.ok) {
        const reasons: Record<string, FieldRefusal> = parsed.header ? {} : { file: 'headerMissing' };
        for (const problem of parsed.problems) reasons[`rows.${problem.row}`] = problem.problem === 'date' ? 'date' : { code: 'type', params: { type: 'number' } };
        throw new HttpError(422, 'finviewSeriesUnreadable', reasons);
      }
      if (parsed.points.length === 0) throw new HttpError(422, 'finviewSeriesUnreadable', { file: 'required' });
      const points = parsed.points.slice(-maxPoints);
      const uploaded = file;
      try {
        return await db.transaction(async (tx) => {
          const { rows } = await tx.query<{ id: number }>(
            `INSERT INTO finview_price_series (name, symbol, filename, point_count, first_day, last_day, created_by)
             VALUES ($1, $2, $3, $4, $5::date, $6::date, $7) RETURNING id::int AS id`,
            [name, symbol, uploaded.filename, points.length, points[0]?.day, points[points.length - 1]?.day, actor.id],
          );
          const id = rows[0]!.id;
          await tx.copyFrom('finview_price_points', ['series_id', 'day', 'value'], points.map((point) => [id, point.day, point.value]));
          const { rows: saved } = await tx.query<SeriesRow>(`${SERIES_SQL} WHERE s.id = $1`, [id]);
          const result = answer(saved[0]!);
          await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'create', after: { name, symbol, filename: uploaded.filename, pointCount: points.length } });
          return result;
        });
      } catch (error) {
        if (isUniqueViolation(error)) throw new HttpError(409, 'recordTaken', { name: 'nameTaken' });
        throw error;
      }
    },

    async remove(actor: AuditActor, id: number): Promise<void> {
      await db.transaction(async (tx) => {
        const { rows } = await tx.query<SeriesRow>(`${SERIES_SQL} WHERE s.id = $1 FOR UPDATE OF s`, [id]);
        const found = orNotFound(rows[0], 'finviewSeriesNotFound');
        // A rule whose params pass this series to a price-series param of its template's published version.
        const { rows: using } = await tx.query(
          `SELECT 1 FROM finview_rules r
             JOIN finview_templates t ON t.id = r.template_id
             JOIN finview_template_versions v ON v.template_id = t.id AND v.version = t.published_version
             CROSS JOIN LATERAL jsonb_each(r.params) AS p(key, value)
           WHERE v.params_schema -> 'properties' -> p.key ->> 'x-source' = 'price-series' AND p.value = to_jsonb($1::int) LIMIT 1`,
          [id],
        );
        if (using.length > 0) throw new HttpError(409, 'finviewSeriesInUse');
        await tx.query('DELETE FROM finview_price_series WHERE id = $1', [id]);
        await recordAudit(tx, { actor, entity: ENTITY, entityId: String(id), action: 'delete', before: { name: found.name, symbol: found.symbol, pointCount: found.pointCount } });
      });
    },
  };
}
