import type { Queryable } from '../../db/index.js';
import type { FinviewSettings } from '../../../../src/resources/finview-model.js';
import type { Brand } from '../../../../src/resources/finview-template.js';

// Owner: the templates/plugins helper. Read by renders (caps, watermark, brand, logo) and the settings routes.

export interface StoredSettings extends Omit<FinviewSettings, 'logo' | 'updatedBy'> {
  logoBlobId: string | null;
  updatedById: number | null;
}

export async function readSettings(q: Queryable): Promise<StoredSettings> {
  const { rows } = await q.query<StoredSettings & { updatedAt: Date }>(
    `SELECT max_width AS "maxWidth", max_height AS "maxHeight", max_duration_seconds AS "maxDurationSeconds",
            max_fps AS "maxFps", default_fps AS "defaultFps", render_concurrency AS "renderConcurrency",
            render_timeout_seconds AS "renderTimeoutSeconds", retention_days AS "retentionDays", brand,
            logo_blob_id AS "logoBlobId", watermark, version, updated_by::int AS "updatedById", updated_at AS "updatedAt"
     FROM finview_settings WHERE id = 1`,
  );
  const row = rows[0];
  if (!row) throw new Error('finview_settings has no row (migration 016)');
  return { ...row, brand: row.brand as Brand, updatedAt: new Date(row.updatedAt).toISOString() };
}
