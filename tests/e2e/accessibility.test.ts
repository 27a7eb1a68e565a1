import * as XLSX from '@e965/xlsx';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppConfig } from '../../common/config/schema';
import { THEME_COLORS, THEME_MODES } from '../../common/config/values';
import { COMPANY_FIELDS } from '../../common/domains/news/company-rules';
import { AREAS } from '../../common/resources/areas';
import { buildRegistry } from '../../common/resources/generate';
import { RESOURCES } from '../../common/resources/registry';
import { withAreas, withModules } from '../fixtures/app-config';
import { axeAudit, axeTable, type AxeReport } from './axe';
import { appRendered, keepScreenshot, logInAs } from './browser';
import { cardImage, postSubject, validAadhaar } from './kyc-fixtures';
import { apiSession } from './sealed-api';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// axe-core on every page the app has, as the Super Admin sees it with every area
// and module switched on, then on a data page and the dashboard in each of the
// twenty colour × mode combinations. One browser, one login, one tab.

let scratch: string;
let config: AppConfig;

const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-axe-e2e-'));
  // Every menu area, dashboard tile and module switched on.
  const path = writeAppConfig(scratch, (shipped) =>
    withModules(withAreas(shipped, AREAS.map((area) => area.value)), shipped.modules.map((entry) => entry.name)),
  );
  config = JSON.parse(readFileSync(path, 'utf8')) as AppConfig;
  return { APP_CONFIG: path };
});

let context: BrowserContext;
let page: Page;
const reports = new Map<string, AxeReport>();

/** A KYC subject to review: its id and its Aadhaar card document's. */
let kyc = { subject: '', document: '' };

beforeAll(async () => {
  context = await suite.browser.newContext({ viewport: { width: 1600, height: 1000 } });
  page = await context.newPage();
  await logInAs(page, suite.stack.appUrl, 'superadmin');
  const card = await cardImage('2345 6789 0124', '#fff7e6');
  const created = await postSubject(await apiSession(suite.stack.appUrl, 'admin'), { pan: 'ABCPV1234K', aadhaar: validAadhaar('23456789012') }, { pan_card: card, aadhaar_card: card, picture: card });
  const subject = (await created.json()) as { id: number; documents: Array<{ id: number; type: string }> };
  kyc = { subject: String(subject.id), document: String(subject.documents.find((document) => document.type === 'aadhaar_card')?.id) };
});

afterAll(async () => {
  if (reports.size > 0) console.log(`axe-core, serious and critical elements per page:\n${axeTable(reports)}`);
  await context?.close();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const go = (hash: string) => page.goto(`${suite.stack.appUrl}#${hash}`);
const ready = (selector: string) => page.locator(selector).first().waitFor({ timeout: 20_000 });

/** Escape closes what the last visit left open (a drawer, a modal); a hash change alone does not. */
async function closeOverlays(): Promise<void> {
  const open = page.locator('.ant-drawer-open, .ant-modal-wrap:not([style*="display: none"])');
  for (let tries = 0; tries < 3 && (await open.count()) > 0; tries += 1) {
    await page.keyboard.press('Escape');
    await open.first().waitFor({ state: 'detached', timeout: 2_000 }).catch(() => {});
  }
}

const rows = (testId: string) => `[data-testid="${testId}"] tbody tr.ant-table-row`;

/** The path of the page the first matching edit button opens. */
async function editPathFrom(list: string, listReady: string, button: string): Promise<string> {
  await go(list);
  await ready(listReady);
  await page.locator(button).first().click();
  await page.waitForURL(/\/edit\/[^/?]+/);
  return new URL(page.url()).hash.slice(1);
}

/** A news item as the list's own answer names it. */
async function firstNewsItem(): Promise<{ newsItemId: string }> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith('/be-api-management/news/news') && response.ok());
  await go(`${NEWS}?pageSize=10`);
  const [item] = (await (await answer).json()) as Array<{ newsItemId: string }>;
  if (!item) throw new Error('the news list answered no item');
  return item;
}

function companiesFile(): Buffer {
  const row: Record<string, string> = { compName: 'Axe Check Ltd', isin: 'XS0000AXE001', ticker: 'AXE', isActive: 'TRUE' };
  const bad: Record<string, string> = { compName: '<b>Axe</b>', isin: 'XS0000AXE002', isActive: 'TRUE' };
  const sheet = XLSX.utils.aoa_to_sheet([[...COMPANY_FIELDS], ...[row, bad].map((values) => COMPANY_FIELDS.map((field) => values[field] ?? ''))]);
  const book = XLSX.utils.book_new();
  XLSX.utils.book_append_sheet(book, sheet, 'Companies');
  return Buffer.from(XLSX.write(book, { type: 'buffer', bookType: 'xlsx' }) as Buffer);
}

const NEWS = '/news-management/news/news-feeds';
const COMPANIES = '/news-management/news/companies';
const USERS = '/admin/user/users';
const KYC_UPLOAD = '/kyc-management/kyc/upload';
const KYC_DOCUMENTS = '/kyc-management/kyc/documents';
const KYC_SETTINGS = '/kyc-management/kyc/settings';
const ENTERPRISES = '/admin/enterprise/enterprises';

const USER_ROWS = '[data-testid="generic-list"][data-resource="users"] tbody tr.ant-table-row';
/** The analyst's row of the users list, by its username cell (which holds the name in an isolate, <bdi>: not the cell's own text). */
const ANALYST_EDIT = `${USER_ROWS}:has(td[data-field="username"]:has-text("analyst")) [data-testid^="generic-edit-"]`;

interface Visit {
  name: string;
  /** The route pattern this visit covers, as the registry names it; none for pages outside it. */
  route?: string;
  open(): Promise<void>;
}

/** A record's form, opened with its list's edit button; ready once the record fills `filled`. */
function editVisit(name: string, list: string, listReady: string, button: string, filled: string): Visit {
  return {
    name,
    route: `${list}/edit/:id`,
    open: async () => {
      await go(await editPathFrom(list, listReady, button));
      await page.waitForFunction((selector) => Boolean((document.querySelector(selector) as HTMLInputElement | null)?.value), filled);
    },
  };
}

async function openNewsDetails(): Promise<void> {
  await go(NEWS);
  await ready(rows('generic-list'));
  await page.locator('[data-testid="news-open-details"]').first().click();
}

/** A news item on the generic show page, its body in the news-details panel. */
const newsItemVisit: Visit = {
  name: 'news item (show)',
  route: `${NEWS}/show/:id`,
  open: async () => {
    const item = await firstNewsItem();
    await go(`${NEWS}/show/${item.newsItemId}`);
    await ready('[data-testid="generic-panel-news-details"] [data-testid="news-details-body"]');
  },
};

/** Every resource route, with how to reach a real record where the route takes an id. */
const RESOURCE_VISITS: Visit[] = [
  { name: 'news feeds', route: NEWS, open: () => go(NEWS).then(() => ready(rows('generic-list'))) },
  { name: 'news details drawer', open: () => openNewsDetails().then(() => ready('[data-testid="news-details-body"]')) },
  {
    name: 'news status modal',
    open: async () => {
      await openNewsDetails();
      await page.locator('[data-testid="news-details-drawer"] [data-testid^="transition-reject-"]').first().click();
      await ready('[data-testid="transition-comment"]');
    },
  },
  newsItemVisit,
  { name: 'companies', route: COMPANIES, open: () => go(COMPANIES).then(() => ready(rows('generic-list'))) },
  editVisit('company edit', COMPANIES, rows('generic-list'), '[data-testid^="generic-edit-"]', '#compName'),
  {
    name: 'company show',
    route: `${COMPANIES}/show/:id`,
    open: async () => {
      await go((await editPathFrom(COMPANIES, rows('generic-list'), '[data-testid^="generic-edit-"]')).replace('/edit/', '/show/'));
      await ready('[data-testid="generic-show-fields"]');
    },
  },
  {
    name: 'company upload preview',
    route: `${COMPANIES}/create`,
    open: async () => {
      await go(`${COMPANIES}/create`);
      await page.locator('[data-testid="companies-upload-panel"] input[type="file"]').setInputFiles({
        name: 'companies.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: companiesFile(),
      });
      await ready('[data-testid="upload-summary"]');
      await ready('[data-testid="upload-row-error"]');
    },
  },
  { name: 'users', route: USERS, open: () => go(USERS).then(() => ready(USER_ROWS)) },
  { name: 'user add', route: `${USERS}/create`, open: () => go(`${USERS}/create`).then(() => ready('#username')) },
  editVisit('user edit', USERS, USER_ROWS, ANALYST_EDIT, '#name'),
  {
    name: 'user show',
    route: `${USERS}/show/:id`,
    open: async () => {
      const edit = await editPathFrom(USERS, USER_ROWS, ANALYST_EDIT);
      await go(edit.replace('/edit/', '/show/'));
      await ready('[data-testid="generic-show-fields"]');
    },
  },
  { name: 'enterprises', route: ENTERPRISES, open: () => go(ENTERPRISES).then(() => ready(rows('generic-list'))) },
  { name: 'enterprise add', route: `${ENTERPRISES}/create`, open: () => go(`${ENTERPRISES}/create`).then(() => ready('[data-testid="generic-form"]')) },
  editVisit('enterprise edit', ENTERPRISES, rows('generic-list'), '[data-testid^="generic-edit-"]', '#name'),
  { name: 'enterprise show', route: `${ENTERPRISES}/show/:id`, open: () => go(`${ENTERPRISES}/show/1`).then(() => ready('[data-testid="generic-show-fields"]')) },
  { name: 'kyc upload', route: KYC_UPLOAD, open: () => go(KYC_UPLOAD).then(() => ready('[data-testid="kyc-upload-form"]')) },
  { name: 'kyc upload (create)', route: `${KYC_UPLOAD}/create`, open: () => go(`${KYC_UPLOAD}/create`).then(() => ready('[data-testid="kyc-upload-form"]')) },
  {
    name: 'kyc subject edit',
    route: `${KYC_UPLOAD}/edit/:id`,
    open: async () => {
      await go(`${KYC_UPLOAD}/edit/${kyc.subject}`);
      await page.waitForFunction(() => Boolean(document.querySelector<HTMLInputElement>('[data-testid="kyc-subject-edit"] #name')?.value));
    },
  },
  { name: 'kyc documents', route: KYC_DOCUMENTS, open: () => go(KYC_DOCUMENTS).then(() => ready(rows('generic-list'))) },
  ...(['show', 'edit'] as const).map((action) => ({
    name: `kyc review (${action})`,
    route: `${KYC_DOCUMENTS}/${action}/:id`,
    open: () => go(`${KYC_DOCUMENTS}/${action}/${kyc.document}`).then(() => ready('[data-testid="kyc-image"]')),
  })),
  { name: 'kyc settings', route: KYC_SETTINGS, open: () => go(KYC_SETTINGS).then(() => ready('[data-testid="kyc-scan-policy"]')) },
  // The settings have one page; the edit route (the access rule of their PUT) shows it too.
  { name: 'kyc settings (edit)', route: `${KYC_SETTINGS}/edit/:id`, open: () => go(`${KYC_SETTINGS}/edit/1`).then(() => ready('[data-testid="kyc-scan-policy"]')) },
  {
    name: 'audit log',
    route: '/admin/audit/audit-log',
    open: () => go('/admin/audit/audit-log').then(() => ready('[data-testid="generic-list"][data-resource="audit-log"] .ant-table')),
  },
];

/** Pages outside the registry: the shell's own, and the error views. */
const SHELL_VISITS: Visit[] = [
  { name: 'dashboard', open: () => go('/').then(() => ready('[data-testid^="dashboard-tile-"]')) },
  {
    name: 'settings panel',
    open: async () => {
      await page.getByTestId('settings-open').click();
      await ready('[data-testid="settings-panel"]');
    },
  },
  { name: 'change password', open: () => go('/change-password').then(() => ready('#oldPassword')) },
  { name: '403', open: () => go('/forbidden').then(() => ready('[data-testid="forbidden"]')) },
  ...['kyc-management', 'news-management', 'finview', 'admin'].map((area) => ({
    name: `area menu ${area}`,
    open: () => go(`/${area}`).then(() => ready(`[data-testid="area-page"][data-area="${area}"]`)),
  })),
  { name: '404', open: () => go('/no/such/page').then(() => ready('[data-testid="not-found"]')) },
];

/** Registry routes no visit above names: the placeholder pages (lists without a server side yet). */
function placeholderVisits(): Visit[] {
  const named = new Set(RESOURCE_VISITS.map((visit) => visit.route));
  // Resources with an endpoint get the generic pages, audited in generic-crud.test.ts.
  const served = new Set(RESOURCES.filter((definition) => definition.endpoint).map((definition) => definition.name));
  return buildRegistry(config)
    // Served resources' custom pages (finview's) are audited by their own browser tests.
    .routes.filter((route) => !named.has(route.path) && !served.has(route.resource))
    .map((route) => ({
      name: `placeholder ${route.resource}`,
      route: route.path,
      open: () => go(route.path).then(() => ready(`[data-testid="resource-pending"][data-resource="${route.resource}"]`)),
    }));
}

async function audit(name: string): Promise<AxeReport> {
  const report = await axeAudit(page);
  reports.set(name, report);
  return report;
}

describe('axe-core on every page (Super Admin, every area on)', () => {
  for (const visit of [...SHELL_VISITS, ...RESOURCE_VISITS]) {
    it(`${visit.name}: nothing serious or critical`, async () => {
      await closeOverlays();
      await visit.open();
      expect((await audit(visit.name)).findings).toEqual([]);
    });
  }

  it('the placeholder pages of every area without a server side', async () => {
    const visits = placeholderVisits();
    // Only list routes may be placeholders: a form or a record page needs its own visit above.
    expect(visits.map((visit) => visit.route).filter((route) => /\/(create|edit|show)(\/|$)/.test(route ?? ''))).toEqual([]);
    const findings: Record<string, string[]> = {};
    await closeOverlays();
    for (const visit of visits) {
      await visit.open();
      findings[visit.name] = (await audit(visit.name)).findings;
    }
    expect(findings).toEqual(Object.fromEntries(visits.map((visit) => [visit.name, []])));
  });

  it('the public pages: login, register, forgot password', async () => {
    // A new tab has no session (sessionStorage is per tab): it sees the public pages.
    const visitor = await context.newPage();
    const findings: Record<string, string[]> = {};
    try {
      for (const [name, path, selector] of [
        ['login', '/login', '#username'],
        ['register', '/register', '#confirmPassword'],
        ['forgot password', '/forgot-password', '#email'],
      ] as const) {
        await visitor.goto(`${suite.stack.appUrl}#${path}`);
        // The app, not the login markup index.html carries (src/prerender): that shows #username at
        // once, and a visit to /register made before the app took over was sent back to /login.
        await appRendered(visitor);
        await visitor.locator(selector).waitFor();
        const report = await axeAudit(visitor);
        reports.set(name, report);
        findings[name] = report.findings;
      }
    } finally {
      await visitor.close();
    }
    expect(findings).toEqual({ login: [], register: [], 'forgot password': [] });
  });
});

describe('axe-core in every colour and mode', () => {
  // Pictures of the dark palettes that were unreadable before their text colours were derived.
  const keep = async (name: string) => {
    if (/-(bluenavy|blueyale|greysteel|purplemonster)-dark$/.test(name)) await keepScreenshot(page, `axe-${name}`);
  };

  for (const mode of THEME_MODES) {
    for (const color of THEME_COLORS) {
      it(`${color} ${mode}: news feeds and the dashboard`, async () => {
        await closeOverlays();
        await page.evaluate(
          ([theme, themeMode]) => {
            localStorage.setItem('theme', theme as string);
            localStorage.setItem('themeMode', themeMode as string);
            // The news feeds reopen the item last opened (SPEC.md `details`); each colour starts from the list.
            sessionStorage.removeItem('details');
          },
          [color, mode],
        );
        await go(`${NEWS}?filters[0][field]=newsStatus&filters[0][operator]=eq&filters[0][value]=PENDING`);
        await page.reload();
        await ready(rows('generic-list'));
        const news = await audit(`news feeds ${color} ${mode}`);
        await keep(`news-${color}-${mode}`);
        await page.locator('[data-testid="news-open-details"]').first().click();
        await ready('[data-testid="news-details-body"]');
        const details = await audit(`news details ${color} ${mode}`);
        await keep(`news-details-${color}-${mode}`);
        await go('/');
        await ready('[data-testid^="dashboard-tile-"]');
        const dashboard = await audit(`dashboard ${color} ${mode}`);
        await keep(`dashboard-${color}-${mode}`);
        expect({ news: news.findings, details: details.findings, dashboard: dashboard.findings }).toEqual({ news: [], details: [], dashboard: [] });
      });
    }
  }
});
