import { randomInt } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { verhoeffDigit } from '../../../src/resources/kyc-rules';
import { API, createUser, formData, login, sealed, type FormFile, type Session, type SuiteContext } from '../helper';
import type { SubjectAnswer as Subject } from '../../../server/src/modules/kyc/answers';
import { allAreasConfigFile } from '../admin/admin-helper';

export { formData, type FormFile };

export const KYC_API = `${API}/be-api-management/kyc`;

/** A valid Aadhaar number, new each call (random 11 digits, the first 2-9, and the Verhoeff digit). */
export function newAadhaar(): string {
  const eleven = `${randomInt(2, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
  return `${eleven}${verhoeffDigit(eleven)}`;
}

let panCounter = randomInt(0, 9000);
/** A person's PAN whose 5th letter is `initial`, new each call. */
export function newPan(initial = 'V', holder = 'P'): string {
  panCounter = (panCounter + 1) % 10_000;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  const pick = () => letters[randomInt(0, 26)] as string;
  return `${pick()}${pick()}${pick()}${holder}${initial}${String(panCounter).padStart(4, '0')}${pick()}`;
}

export function subjectInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    name: 'Asha Verma',
    dob: '1990-04-01',
    gender: 'F',
    addressLine: '12 MG Road',
    city: 'Pune',
    state: 'Maharashtra',
    pinCode: '411001',
    pan: newPan('V'),
    aadhaar: newAadhaar(),
    ...overrides,
  };
}

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
