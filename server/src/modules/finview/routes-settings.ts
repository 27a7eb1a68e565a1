import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import Value from 'typebox/value';
import { BrandSchema, type Brand } from '../../../../common/domains/finview/template.js';
import type { FinviewSettings } from '../../../../common/domains/finview/model.js';
import { HttpError, type FieldRefusal } from '../../errors.js';
import { recordAudit } from '../../lib/audit.js';
import { brandAnswer, readSettings, settingsAnswer, type StoredSettings } from './settings.js';
import { guardedSharp, imageTooLarge, isPixelLimitError, LOGO_MAX_PIXELS } from '../../lib/upload-guard/image.js';

// finview settings (docs/finview.md "Settings"): caps, brand, logo, watermark, retention (Admin+),
// and the brand every editor reads.

const BASE = '/be-api-management/finview';
const LOGO_MAX_BYTES = 1024 * 1024;
const DATA_URL = /^data:image\/(png|jpeg);base64,([A-Za-z0-9+/]+={0,2})$/;

const BOUNDS: Record<string, [number, number, boolean?]> = {
  maxWidth: [16, 3840, true],
  maxHeight: [16, 2160, true],
  maxDurationSeconds: [1, 600],
  maxFps: [1, 60],
  defaultFps: [1, 60],
  renderConcurrency: [1, 4],
  renderTimeoutSeconds: [30, 3600],
  retentionDays: [1, 3650],
};
type Numbers = Pick<FinviewSettings, 'maxWidth' | 'maxHeight' | 'maxDurationSeconds' | 'maxFps' | 'defaultFps' | 'renderConcurrency' | 'renderTimeoutSeconds' | 'retentionDays'>;

/** The bytes of a logo data URL when they really are PNG or JPEG, else null. */
function logoBytes(text: string): Buffer | null {
  const match = DATA_URL.exec(text);
  if (!match?.[2]) return null;
  const bytes = Buffer.from(match[2], 'base64');
  const png = bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
  return png || jpeg ? bytes : null;
}

interface Input extends Numbers {
  brand: Brand;
  watermark: string;
  /** undefined: unchanged; null: removed; bytes: replaced. */
  logo: Buffer | null | undefined;
  logoChanged: boolean;
  version: number;
}

function readInput(body: unknown, current: StoredSettings): Input {
  const value = (typeof body === 'object' && body !== null ? body : {}) as Record<string, unknown>;
  const refusals: Record<string, FieldRefusal> = {};
  const numbers = {} as Numbers;
  for (const [field, [min, max, even]] of Object.entries(BOUNDS)) {
    const given = value[field] ?? current[field as keyof Numbers];
    if (typeof given !== 'number' || !Number.isInteger(given)) refusals[field] = { code: 'type', params: { type: 'integer' } };
    else if (given < min) refusals[field] = { code: 'tooSmall', params: { limit: min } };
    else if (given > max) refusals[field] = { code: 'tooLarge', params: { limit: max } };
    else if (even && given % 2 !== 0) refusals[field] = 'evenNumber';
    numbers[field as keyof Numbers] = given as number;
  }
  if (!refusals.defaultFps && !refusals.maxFps && numbers.defaultFps > numbers.maxFps) refusals.defaultFps = { code: 'tooLarge', params: { limit: numbers.maxFps } };
  const brand = value.brand ?? current.brand;
  if (!Value.Check(BrandSchema, brand)) {
    const errors = [...Value.Errors(BrandSchema, brand)];
    const key = errors[0]?.instancePath.replace(/^\//, '').split('/')[0];
    refusals[key ? `brand.${key}` : 'brand'] = 'invalid';
  }
  const watermark = value.watermark ?? current.watermark;
  if (typeof watermark !== 'string') refusals.watermark = { code: 'type', params: { type: 'string' } };
  else if (watermark.length > 80) refusals.watermark = { code: 'tooLong', params: { limit: 80 } };
  let logo: Buffer | null | undefined;
  const logoChanged = Object.hasOwn(value, 'logo');
  if (logoChanged && value.logo !== null) {
    if (typeof value.logo !== 'string') refusals.logo = 'imageType';
    else if (value.logo.length > Math.ceil((LOGO_MAX_BYTES * 4) / 3) + 40) refusals.logo = { code: 'tooLarge', params: { limit: '1 MB' } };
    else {
      logo = logoBytes(value.logo);
      if (!logo) refusals.logo = 'imageType';
    }
  } else if (logoChanged) logo = null;
  const version = value.version;
  if (typeof version !== 'number' || !Number.isInteger(version)) refusals.version = 'required';
  if (Object.keys(refusals).length > 0) throw new HttpError(422, 'validation', refusals);
  return { ...numbers, brand: brand as Brand, watermark: watermark as string, logo, logoChanged, version: version as number };
}

/** Audit before/after: the settings with the logo as its blob id (never its bytes). */
const audited = ({ updatedAt: _at, updatedById: _by, ...rest }: StoredSettings) => rest;

export const settingsRoutes: FastifyPluginAsyncTypebox = async (fastify) => {
  const tags = ['finview'];

  fastify.get(`${BASE}/settings`, { config: { access: { resource: 'finview-settings', action: 'list' } }, schema: { tags, summary: 'Admin+: caps, brand, logo, watermark, retention' } }, async () =>
    settingsAnswer(fastify.blobs, fastify.db, await readSettings(fastify.db)),
  );

  fastify.get(`${BASE}/brand`, { config: { access: { resource: 'templates', action: 'list' } }, schema: { tags, summary: 'The brand, logo, watermark and caps editors start from' } }, async () =>
    brandAnswer(fastify.blobs, fastify.db),
  );

  fastify.put(
    `${BASE}/settings`,
    { config: { access: { resource: 'finview-settings', action: 'edit' } }, bodyLimit: 2 * 1024 * 1024, schema: { tags, summary: 'Admin+: saves the settings (with version); logo as a PNG/JPEG data URL ≤ 1 MB' } },
    async (request) => {
      const actor = request.actor;
      const input = readInput(request.body, await readSettings(fastify.db));
      // Re-encoded: only pixels reach the store, whatever else the file carried.
      let encoded: { bytes: Buffer; type: string } | null = null;
      if (input.logo) {
        // The guard refuses an image over the logos' pixel limit from its header, with its own message.
        const refusal = { field: 'logo', unreadableCode: 'validation' } as const;
        const image = await guardedSharp(input.logo, { maxPixels: LOGO_MAX_PIXELS, refusal });
        try {
          const { format } = await image.metadata();
          encoded = format === 'jpeg' ? { bytes: await image.rotate().jpeg({ quality: 90 }).toBuffer(), type: 'image/jpeg' } : { bytes: await image.png().toBuffer(), type: 'image/png' };
        } catch (error) {
          if (isPixelLimitError(error)) throw imageTooLarge(LOGO_MAX_PIXELS, refusal);
          throw new HttpError(422, 'validation', { logo: 'imageType' });
        }
      }
      const saved = await fastify.db.transaction(async (tx) => {
        const { rows } = await tx.query<{ version: number }>('SELECT version FROM finview_settings WHERE id = 1 FOR UPDATE');
        const current = rows[0]?.version ?? 0;
        if (current !== input.version) throw new HttpError(409, 'staleEdit', undefined, { params: { version: current } });
        const before = await readSettings(tx);
        let logoBlobId = before.logoBlobId;
        if (input.logoChanged) {
          if (before.logoBlobId) await fastify.blobs.delete(tx, before.logoBlobId);
          logoBlobId = encoded ? (await fastify.blobs.put(tx, encoded.bytes, { contentType: encoded.type, filename: encoded.type === 'image/png' ? 'logo.png' : 'logo.jpg' })).id : null;
        }
        await tx.query(
          `UPDATE finview_settings SET max_width = $1, max_height = $2, max_duration_seconds = $3, max_fps = $4, default_fps = $5,
             render_concurrency = $6, render_timeout_seconds = $7, retention_days = $8, brand = $9::jsonb, watermark = $10,
             logo_blob_id = $11, version = version + 1, updated_by = $12, updated_at = now() WHERE id = 1`,
          [input.maxWidth, input.maxHeight, input.maxDurationSeconds, input.maxFps, input.defaultFps, input.renderConcurrency, input.renderTimeoutSeconds, input.retentionDays, JSON.stringify(input.brand), input.watermark, logoBlobId, actor.id],
        );
        const after = await readSettings(tx);
        await recordAudit(tx, { actor, entity: 'finview_settings', entityId: '1', action: 'update', before: audited(before), after: audited(after) });
        return settingsAnswer(fastify.blobs, tx, after);
      });
      return saved;
    },
  );
};
