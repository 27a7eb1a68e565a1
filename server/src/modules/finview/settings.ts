import type { Queryable } from '../../db/index.js';
import type { BlobStore } from '../../lib/blobs/blob-store.js';
import type { BrandAnswer, FinviewSettings, UserRef } from '../../../../common/domains/finview/model.js';
import type { Brand } from '../../../../common/domains/finview/template.js';

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

/** A stored PNG/JPEG (the logo) as a data URL, or null when there is none of those types. */
export async function logoDataUrl(blobs: BlobStore, q: Queryable, blobId: string | null): Promise<string | null> {
  if (!blobId) return null;
  const found = await blobs.get(blobId, q);
  if (!found || !['image/png', 'image/jpeg'].includes(found.meta.contentType)) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of found.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return `data:${found.meta.contentType};base64,${Buffer.concat(chunks).toString('base64')}`;
}

async function userRef(q: Queryable, id: number | null): Promise<UserRef | null> {
  if (id === null) return null;
  const { rows } = await q.query<{ username: string }>('SELECT username FROM users WHERE id = $1', [id]);
  return rows[0] ? { id, username: rows[0].username } : null;
}

export async function settingsAnswer(blobs: BlobStore, q: Queryable, stored: StoredSettings): Promise<FinviewSettings> {
  const { logoBlobId, updatedById, ...rest } = stored;
  return { ...rest, logo: await logoDataUrl(blobs, q, logoBlobId), updatedBy: await userRef(q, updatedById) };
}

export async function brandAnswer(blobs: BlobStore, q: Queryable): Promise<BrandAnswer> {
  const stored = await readSettings(q);
  const { maxWidth, maxHeight, maxDurationSeconds, maxFps, defaultFps } = stored;
  return {
    brand: stored.brand,
    logo: await logoDataUrl(blobs, q, stored.logoBlobId),
    watermark: stored.watermark,
    caps: { maxWidth, maxHeight, maxDurationSeconds, maxFps, defaultFps },
  };
}
