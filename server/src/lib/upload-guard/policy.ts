import type { XlsxLimits } from '../../../../common/xlsx-inspection.js';
import type { FileKind } from '../blobs/sniff.js';
import type { ImageRefusal } from './image.js';
import { MAX_FIELD_BYTES } from './parts.js';

// What a route declares it takes (`config.upload`), checked when the route is registered.

/** What a file may be: the sniffed kinds of blobs/sniff.ts, an .xlsx workbook, CSV text or an X.509 certificate (PEM or DER, told by parsing it). */
export type UploadKind = FileKind | 'xlsx' | 'csv' | 'certificate';

export const IMAGE_KINDS: ReadonlySet<UploadKind> = new Set(['jpeg', 'png', 'webp']);
export const OTHER_LABELS: Record<Exclude<UploadKind, FileKind>, string> = { xlsx: '.xlsx', csv: 'CSV', certificate: 'PEM or DER certificate' };

export interface UploadFileRule {
  kinds: readonly UploadKind[];
  maxBytes: number;
  /** Required when an image kind is taken: pixels allowed, read from the header before anything decodes it. */
  image?: { maxPixels: number; refusal?: ImageRefusal };
  /** What an .xlsx may hold once inflated; XLSX_LIMITS (the companies upload's) by default. */
  xlsx?: XlsxLimits;
}

export interface UploadPolicy {
  /** File fields and the rule of each. */
  files: Readonly<Record<string, UploadFileRule>>;
  /** Files in one form: one per field by default. */
  maxFiles?: number;
  /** Text fields read; others count towards `maxFields` and are dropped. */
  fields: readonly string[];
  /** Text fields in one form: `fields.length` by default. */
  maxFields?: number;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What this route's multipart/form-data body may hold; required with `consumes: ['multipart/form-data']`. */
    upload?: UploadPolicy;
  }
}

export interface GuardedFile {
  /** The form field. */
  field: string;
  /** The client's name, cleaned: shown and offered on download, never trusted. */
  filename: string;
  kind: UploadKind;
  data: Buffer;
}

export interface GuardedUpload {
  fields: Record<string, string>;
  files: GuardedFile[];
}

/** The most a body within the policy can hold, with room for the multipart framing. */
export function policyBytes(policy: UploadPolicy): number {
  const rules = Object.values(policy.files);
  const largest = Math.max(0, ...rules.map((rule) => rule.maxBytes));
  const files = (policy.maxFiles ?? rules.length) * largest;
  return files + (policy.maxFields ?? policy.fields.length) * MAX_FIELD_BYTES + 64 * 1024;
}

/** Why a policy cannot be used, or null: plugin.ts checks every route's at registration. */
export function policyProblem(policy: UploadPolicy): string | null {
  for (const [field, rule] of Object.entries(policy.files)) {
    if (rule.kinds.length === 0) return `file field ${field} takes no kind`;
    if (!(rule.maxBytes > 0)) return `file field ${field} has no maxBytes`;
    if (rule.kinds.some((kind) => IMAGE_KINDS.has(kind)) && !rule.image) return `file field ${field} takes images without image.maxPixels`;
  }
  return null;
}


const MULTIPART = 'multipart/form-data';

/**
 * The route's form in its OpenAPI description: the body a route that consumes multipart takes,
 * and (`x-upload`) the policy the guard holds it to, when it declares one. The two come from
 * different places on purpose (the schema's `consumes`, the config's `upload`), so the test that
 * walks the description sees a route that has one without the other.
 */
export function describeUpload(consumes: readonly string[] | undefined, policy: UploadPolicy | undefined): Record<string, unknown> {
  const described: Record<string, unknown> = {};
  if (consumes?.includes(MULTIPART)) {
    const properties: Record<string, unknown> = {};
    for (const name of policy?.fields ?? []) properties[name] = { type: 'string' };
    for (const [name, rule] of Object.entries(policy?.files ?? {})) {
      properties[name] = { type: 'string', format: 'binary', description: `${rule.kinds.join(', ')}; at most ${rule.maxBytes} bytes` };
    }
    described.body = { type: 'object', properties };
  }
  if (policy) described['x-upload'] = { ...policy, files: Object.fromEntries(Object.entries(policy.files).map(([name, rule]) => [name, { kinds: rule.kinds, maxBytes: rule.maxBytes, ...(rule.image ? { maxPixels: rule.image.maxPixels } : {}) }])) };
  return described;
}
