import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { API, createUser, login, sealed, type Session, type SuiteContext } from '../helper';
import { allAreasConfigFile } from '../admin/admin-helper';
import { formData, subjectInput, type FormFile } from '../../fixtures/kyc-forms';
import { photoWithExif, plainImage } from './kyc-fixtures';
import type { SubjectAnswer as Subject } from '../../../common/domains/kyc/schemas';
import type { DocumentAnswer } from '../../../server/src/modules/kyc/answers';

// The form and subject makers live in tests/fixtures/kyc-forms.ts (the bench uses them too).
export { formData, newAadhaar, newPan, subjectInput, type FormFile } from '../../fixtures/kyc-forms';


export const KYC_API = `${API}/be-api-management/kyc`;

export interface KycCallers {
  app: FastifyInstance;
  /** Uploads (role 2). */
  maker: Session & { id: string };
  /** Reviews (role 2). */
  checker: Session & { id: string };
  admin: Session;
}

/** An app with the KYC area on, and a maker, a checker and an Admin signed in. */
export async function kycCallers(suite: SuiteContext, env: Record<string, string> = {}, options: Parameters<SuiteContext['build']>[1] = {}): Promise<KycCallers> {
  const app = await suite.build({ APP_CONFIG: allAreasConfigFile(), ...env }, options);
  const [makerUser, checkerUser] = [await createUser(suite, app), await createUser(suite, app)];
  const [maker, checker, admin] = await Promise.all([
    login(app, makerUser.username, makerUser.password),
    login(app, checkerUser.username, checkerUser.password),
    login(app, 'admin', 'Demo12345'),
  ]);
  return { app, maker: { ...maker, id: makerUser.userId }, checker: { ...checker, id: checkerUser.userId }, admin };
}

export function postForm(app: FastifyInstance, session: Session, url: string, fields: Record<string, string>, files: readonly FormFile[] = [], method: 'POST' | 'PUT' = 'POST') {
  const body = formData(fields, files);
  return sealed(app, session, { method, url: `${KYC_API}${url}`, payload: body.payload, headers: { 'content-type': body.contentType } });
}

export function postSubject(app: FastifyInstance, session: Session, subject: unknown, files: readonly FormFile[] = []): Promise<LightMyRequestResponse> {
  return postForm(app, session, '/subjects', { subject: JSON.stringify(subject) }, files);
}

export function kycCall(app: FastifyInstance, session: Session, method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown) {
  return sealed(app, session, { method, url: `${KYC_API}${url}`, ...(payload === undefined ? {} : { payload: payload as object }) });
}

/** Created, or the test fails with the answer. */
export async function createSubject(app: FastifyInstance, session: Session, subject: Record<string, unknown>, files: readonly FormFile[] = []) {
  const response = await postSubject(app, session, subject, files);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<Subject>();
}

export const KYC_TABLES = ['kyc_subjects', 'kyc_documents', 'kyc_document_files', 'blobs', 'blob_chunks', 'aadhaar_vault', 'audit_log'] as const;

/** Rows of each table a KYC write touches (staged chunks are pruned later: blob_staging is left out). */
export async function tableCounts(suite: SuiteContext): Promise<Record<(typeof KYC_TABLES)[number], number>> {
  const counts = {} as Record<(typeof KYC_TABLES)[number], number>;
  for (const table of KYC_TABLES) {
    const [row] = await suite.sql<{ n: string }>(`SELECT count(*) AS n FROM ${table}`);
    counts[table] = Number(row?.n);
  }
  return counts;
}

export type { DocumentAnswer as Document, FileAnswer as KycFileJson, SubjectAnswer as Subject } from '../../../server/src/modules/kyc/answers';

/** Asserts no full Aadhaar number of `numbers` is anywhere in `text` (spaced or not). */
export function expectNoAadhaar(text: string, numbers: readonly string[]): void {
  for (const number of numbers) {
    expect(text).not.toContain(number);
    expect(text).not.toContain(number.slice(0, 8));
  }
}

/** Sets the area's scan policy (`off` lets a test approve without a scanner). */
export async function setScanPolicy(suite: SuiteContext, policy: 'required' | 'off'): Promise<void> {
  await suite.sql('UPDATE kyc_settings SET scan_policy = $1', [policy]);
}

/** A subject with an Aadhaar card image, a picture and a PAN card image, uploaded by the maker and claimed by the checker. */
export async function reviewedSubject({ app, maker, checker }: KycCallers): Promise<{ subject: Subject; documents: Record<string, DocumentAnswer> }> {
  const created = await createSubject(app, maker, subjectInput(), [
    { field: 'aadhaar_card', filename: 'aadhaar.jpg', content: await photoWithExif() },
    { field: 'picture', filename: 'me.png', content: await plainImage('png') },
    { field: 'pan_card', filename: 'pan.jpg', content: await plainImage('jpeg') },
  ]);
  const claimed = await kycCall(app, checker, 'POST', `/subjects/${created.id}/claim`, { version: created.version });
  const subject = claimed.json<Subject>();
  return { subject, documents: Object.fromEntries((subject.documents ?? []).map((document) => [document.type, document])) };
}
