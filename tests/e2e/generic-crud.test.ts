import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { canAccess } from '../../common/access';
import { resourceBasePath } from '../../common/resources/generate';
import { RESOURCES } from '../../common/resources/registry';
import { SERVER_MESSAGES } from '../../common/messages';
import type { FieldDefinition, ResourceAction, ResourceDefinition, Role } from '../../common/resources/types';
import { withAreas } from '../fixtures/app-config';
import { auditInEveryLook } from './looks';
import { keepScreenshot, logInAs, sessionStorageOf } from './browser';
import { apiSession, sealedFetch } from './sealed-api';
import { writeAppConfig } from './stack';
import { sampleValue } from './sample-values';
import { listSettled } from './list-settled';
import { browserSuite } from './suite';

// One CRUD flow, run over every resource the generic pages serve: list, create, edit
// (with a stale edit refused when the server keeps versions), show and delete through
// the real server and Chromium, then each role's rights: the buttons a role may not
// use are absent and the routes it may not open show the 403 view.

/**
 * Resources on the generic pages: an endpoint, fields, and no custom page of their own. One whose
 * edit is an editor page of its own (`actionPages.edit`: a feed's form), or that has no edit at all
 * (records made elsewhere: finview's videos and reports, rendered from a template), has its own e2e test,
 * and so has a one-form resource (`shape: 'form'`: the settings, one record and no list).
 */
const GENERIC = RESOURCES.filter(
  (definition) => definition.endpoint && definition.fields && !definition.page && !definition.actionPages?.edit && definition.actions.includes('edit') && definition.shape !== 'form',
);

/** The catalogue's stale-edit sentence (common/messages.ts). */
const STALE_MESSAGE = SERVER_MESSAGES.staleEdit;

const ACCOUNTS: Record<Role, string> = { 0: 'superadmin', 1: 'admin', 2: 'analyst' };

let scratch: string;
const suite = browserSuite(() => {
  scratch = mkdtempSync(join(tmpdir(), 'bo-generic-e2e-'));
  // Every area on, so every generic resource is in the registry.
  return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, config.menu.map((entry) => entry.value))) };
});
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const poll = <T>(read: () => T | Promise<T>, timeout = 15_000) => expect.poll(read, { timeout });
const tag = Date.now().toString(36).slice(-6).toUpperCase();

async function open(role: Role): Promise<{ context: BrowserContext; page: Page }> {
  const { context, page } = await suite.open(1500);
  await logInAs(page, suite.stack.appUrl, ACCOUNTS[role]);
  return { context, page };
}

const go = (page: Page, path: string) => page.goto(`${suite.stack.appUrl}#${path}`);
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const genericCreate = (definition: ResourceDefinition) => definition.actions.includes('create') && !definition.actionPages?.create;

/** The text field the flow renames: the first required text column a plain name satisfies. */
function nameField(definition: ResourceDefinition): FieldDefinition {
  const field = definition.fields?.find(
    (candidate) => candidate.type === 'text' && candidate.required && !candidate.readOnly && (!candidate.rule || candidate.rule === 'letters' || candidate.rule === 'notBlank'),
  );
  if (!field) throw new Error(`${definition.name} has no text field the flow can rename`);
  return field;
}

async function fillForm(page: Page, definition: ResourceDefinition, seed: string): Promise<void> {
  for (const field of definition.fields ?? []) {
    if (field.readOnly || (field.views && !field.views.includes('form'))) continue;
    if (field.type === 'select' || field.type === 'reference') {
      // The select's box, not its search input: a chosen (or default) value's label lies over the input.
      await page.locator('.ant-select', { has: page.locator(`#${field.name}`) }).click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option').first().click();
      // A form with two selects (data corrections): the next one's options are told apart by
      // being the only ones shown, so wait out this dropdown's closing.
      await poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
      continue;
    }
    if (field.type === 'date' || field.type === 'datetime') {
      // Typed as the picker shows it and confirmed; a field that must be later than another gets the next day.
      const day = field.notBefore ? '2031-01-02' : '2031-01-01';
      const input = page.locator(`#${field.name}`);
      await input.click();
      await input.fill(field.type === 'datetime' ? `${day} 10:00:00` : day);
      // The picker's own confirm (Enter would also submit the form around it).
      if (field.type === 'datetime') await page.locator('.ant-picker-dropdown:visible .ant-picker-ok button').click();
      else await input.press('Tab');
      // The next picker's dropdown is told apart by being the only one shown: wait out this one's closing.
      await poll(() => page.locator('.ant-picker-dropdown:visible').count()).toBe(0);
      continue;
    }
    const value = sampleValue(field, seed);
    if (value !== undefined) await page.locator(`#${field.name}`).fill(value);
  }
}

/** Searches the list (its `q`) and waits for exactly the rows naming `text`. */
async function search(page: Page, text: string): Promise<void> {
  const input = page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
  await input.fill(text);
  await input.press('Enter');
  await poll(() => page.url()).toContain('filters');
}

/** The id of the first row showing `text`, read from its edit or show button. */
async function rowId(page: Page, text: string): Promise<string> {
  const row = rows(page).filter({ hasText: text }).first();
  await row.waitFor({ timeout: 15_000 });
  const button = row.locator('[data-testid^="generic-edit-"], [data-testid^="generic-show-"]').first();
  const testId = (await button.getAttribute('data-testid')) ?? '';
  return testId.replace(/^generic-(edit|show)-/, '');
}

/**
 * Back on the list, once it has written its state into the URL (`?pageSize=…&currentPage=…`,
 * Refine's syncWithLocation, after its first render). Matching the bare list URL let the next
 * step run first: a goto to a record's page can then be replaced by the list's own URL write, and
 * the reload that follows reloads the list (a deleted record's error then never shows: seen once).
 */
async function atList(page: Page, base: string): Promise<void> {
  await page.waitForURL(new RegExp(`#${base}\\?`), { timeout: 15_000 });
}

async function save(page: Page): Promise<void> {
  await page.getByTestId('generic-save').click();
}

/**
 * The stale edit: two sessions open one record; the second save is refused with the catalogue's
 * words and a reload. Returns the record's value now (the other session's).
 */
async function staleEdit(page: Page, definition: ResourceDefinition, id: string, field: FieldDefinition): Promise<string> {
  const base = resourceBasePath(definition);
  const other = await open(0);
  try {
    await go(page, `${base}/edit/${id}`);
    await poll(() => page.locator(`#${field.name}`).inputValue()).not.toBe('');
    await go(other.page, `${base}/edit/${id}`);
    await poll(() => other.page.locator(`#${field.name}`).inputValue()).not.toBe('');
    const theirs = `Crud ${tag} Theirs`.slice(0, field.maxLength);
    await other.page.locator(`#${field.name}`).fill(theirs);
    await save(other.page);
    await atList(other.page, base);

    await page.locator(`#${field.name}`).fill(`Crud ${tag} Mine`.slice(0, field.maxLength));
    await save(page);
    await poll(() => page.getByTestId('generic-stale').count()).toBe(1);
    expect(await page.getByTestId('generic-stale').textContent()).toContain(STALE_MESSAGE);
    // Nothing was overwritten: a reload shows the other session's value.
    await page.getByTestId('generic-reload').click();
    await poll(() => page.locator(`#${field.name}`).inputValue()).toBe(theirs);
    await poll(() => page.getByTestId('generic-stale').count()).toBe(0);
    return theirs;
  } finally {
    await other.context.close();
  }
}

/** Does the server keep a version on this resource's records (optimistic concurrency)? */
async function versioned(page: Page, definition: ResourceDefinition, id: string): Promise<boolean> {
  const answer = page.waitForResponse((response) => new URL(response.url()).pathname.endsWith(`/${definition.endpoint}/${id}`) && response.ok());
  await go(page, `${resourceBasePath(definition)}/show/${id}`);
  const body = (await (await answer).json()) as Record<string, unknown> & { result?: Record<string, unknown> };
  return typeof (body.result ?? body).version === 'number';
}

/** A new record through the generic form, found again in the list by its name; returns the name. */
async function createThroughForm(page: Page, definition: ResourceDefinition, seed: string): Promise<string> {
  const base = resourceBasePath(definition);
  await go(page, base);
  await page.getByTestId('generic-create').click();
  await page.getByTestId('generic-form').waitFor();
  await fillForm(page, definition, seed);
  const name = (await page.locator(`#${nameField(definition).name}`).inputValue()).trim();
  await save(page);
  await atList(page, base);
  await search(page, name);
  await poll(() => rows(page).filter({ hasText: name }).count()).toBe(1);
  return name;
}

/** The flow, as the Super Admin (who may do everything the definition offers). */
async function crudFlow(definition: ResourceDefinition): Promise<void> {
  const { context, page } = await open(0);
  const base = resourceBasePath(definition);
  const field = nameField(definition);
  const seed = `${tag}${GENERIC.indexOf(definition)}`;
  try {
    // List: server pages with the exact total (an empty list says so).
    await go(page, base);
    await page.getByTestId('generic-list').waitFor();
    await poll(() => page.locator('.ant-pagination-total-text, [data-testid="generic-empty"]').count()).toBeGreaterThan(0);

    // Create (or, where create is a custom page, take the first record).
    let name: string;
    if (genericCreate(definition)) {
      name = await createThroughForm(page, definition, seed);
    } else {
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      // The field's cell, counted past the selection checkbox a selectable list starts with.
      name = (await rows(page).first().locator('td:not(.ant-table-selection-column)').nth(listIndex(definition, field)).textContent()) ?? '';
    }
    const id = await rowId(page, name);

    // Edit: the form opens with the record, and the list shows the change.
    const renamed = `Crud ${seed} Edited`.slice(0, field.maxLength);
    await rows(page).filter({ hasText: name }).first().getByTestId(`generic-edit-${id}`).click();
    await page.getByTestId('generic-form').waitFor();
    await poll(() => page.locator(`#${field.name}`).inputValue()).toBe(name);
    await page.locator(`#${field.name}`).fill(renamed);
    await save(page);
    await atList(page, base);
    await search(page, renamed);
    await poll(() => rows(page).filter({ hasText: renamed }).count()).toBe(1);

    // Stale edit: refused, said, reloadable; every generic resource keeps versions.
    expect(await versioned(page, definition, id)).toBe(true);
    const current = await staleEdit(page, definition, id, field);

    // Show: every show field, the current value. The page shows its cached copy first, from
    // before the other session's save: /^Crud / matched that copy too, and the delete below then
    // sent its old version (refused as a stale edit) whenever the fresh read was slower than two
    // clicks (CI, a busy machine). The current value is the fresh read.
    await go(page, `${base}/show/${id}`);
    await page.getByTestId('generic-show-fields').waitFor();
    await poll(() => page.getByTestId(`generic-show-${field.name}`).textContent()).toBe(current);

    // Delete, confirmed, from the show page.
    if (definition.actions.includes('delete')) {
      await page.getByTestId('generic-show-delete').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete', exact: true }).click();
      await atList(page, base);
      // The server no longer has it (told apart from the page below, should that check fail).
      const gone = await sealedFetch(await apiSession(suite.stack.appUrl, ACCOUNTS[0]), 'GET', `${definition.endpoint}/${id}`);
      expect(gone.status).toBe(404);
      // A fresh load of the deleted record's page says it is gone (the server refuses it).
      // Known gap: reached in the same page session, Refine may still show it from its cache.
      await go(page, `${base}/show/${id}`);
      await page.reload({ waitUntil: 'networkidle' });
      try {
        await poll(() => page.getByTestId('generic-show-error').count(), 30_000).toBe(1);
      } catch (error) {
        // What the page showed instead, should it not say so.
        await keepScreenshot(page, `generic-deleted-${definition.name}`);
        throw new Error(`${(error as Error).message}\npage ${page.url()}:\n${(await page.locator('body').innerText()).slice(0, 2000)}`);
      }
    }
  } finally {
    await context.close();
  }
}

function listIndex(definition: ResourceDefinition, field: FieldDefinition): number {
  const columns = (definition.fields ?? []).filter((candidate) => candidate.list && (!candidate.views || candidate.views.includes('list')));
  return columns.indexOf(field);
}

/** What one role sees: buttons present exactly when it may act, routes refused with the 403 view when it may not. */
async function rightsFlow(definition: ResourceDefinition, role: Role, id: string): Promise<Record<string, boolean>> {
  const { context, page } = await open(role);
  const may = (action: ResourceAction) => canAccess(role, { resource: definition.name, action });
  const base = resourceBasePath(definition);
  const seen: Record<string, boolean> = {};
  try {
    await go(page, base);
    if (!may('list')) {
      await page.getByTestId('forbidden').waitFor({ timeout: 15_000 });
      seen.list = false;
    } else {
      await poll(() => rows(page).count()).toBeGreaterThan(0);
      seen.list = true;
      const first = rows(page).first();
      const button = (action: string) =>
        action === 'create' ? page.getByTestId('generic-create') : first.locator(`[data-testid^="generic-${action}-"]`);
      // A button stays hidden until its access answer arrives: wait for the ones the role may use,
      // then the others have had their answer too (the same provider answers them all at once).
      const expected = expectedRights(definition, role);
      const actions = Object.keys(expected).filter((action) => action !== 'list');
      for (const action of actions.filter((candidate) => expected[candidate])) {
        await button(action).first().waitFor({ timeout: 15_000 }).catch(() => undefined);
      }
      for (const action of actions) seen[action] = (await button(action).count()) === 1;
    }
    for (const [action, path] of [
      ['create', `${base}/create`],
      ['edit', `${base}/edit/${id}`],
      ['show', `${base}/show/${id}`],
    ] as const) {
      if (!definition.actions.includes(action) || may(action)) continue;
      await go(page, path);
      await page.getByTestId('forbidden').waitFor({ timeout: 15_000 });
    }
  } finally {
    await context.close();
  }
  return seen;
}

/** What rightsFlow must see: the role rule, for the actions the page offers. */
function expectedRights(definition: ResourceDefinition, role: Role): Record<string, boolean> {
  const may = (action: ResourceAction) => canAccess(role, { resource: definition.name, action });
  if (!may('list')) return { list: false };
  const expected: Record<string, boolean> = { list: true };
  if (genericCreate(definition)) expected.create = may('create');
  for (const action of ['show', 'edit', 'delete'] as const) if (definition.actions.includes(action)) expected[action] = may(action);
  return expected;
}

describe('the generic CRUD flow over every generic resource', () => {
  it('covers the generic resources of the registry', () => {
    expect(GENERIC.map((definition) => definition.name)).toEqual(expect.arrayContaining(['companies', 'enterprises']));
  });

  for (const definition of GENERIC) {
    it(`${definition.name}: list, create, edit, show, delete`, async () => {
      await crudFlow(definition);
    });

    it(`${definition.name}: each role's buttons and routes follow the role rule`, async () => {
      // A record to aim the edit and show routes at (made here where the list is empty).
      const { context, page } = await open(0);
      await go(page, resourceBasePath(definition));
      await poll(() => page.locator('.ant-pagination-total-text, [data-testid="generic-empty"]').count()).toBeGreaterThan(0);
      if ((await rows(page).count()) === 0) await createThroughForm(page, definition, `${tag}R${GENERIC.indexOf(definition)}`);
      const id = ((await rows(page).first().getAttribute('data-row-key')) ?? '').trim();
      await context.close();
      expect(id).not.toBe('');
      for (const role of [0, 1, 2] as const) {
        expect({ role, ...(await rightsFlow(definition, role, id)) }).toEqual({ role, ...expectedRights(definition, role) });
      }
    });
  }
});

describe('the generic show page acts on the record as it is now', () => {
  it('offers delete only once its own read is in: a cached copy changed elsewhere is not deleted by its old version', async () => {
    const definition = GENERIC.find((candidate) => candidate.name === 'announcement-categories');
    if (!definition?.storage) throw new Error('announcement-categories is a generic resource with storage');
    const base = resourceBasePath(definition);
    const [row] = await suite.stack.sql<{ id: string }>(`INSERT INTO ${definition.storage.table} (name) VALUES ($1) RETURNING id::text AS id`, [`Cached ${tag}`]);
    const id = row?.id ?? '';
    const { context, page } = await open(0);
    try {
      await go(page, `${base}/show/${id}`);
      await poll(() => page.getByTestId('generic-show-name').textContent()).toBe(`Cached ${tag}`);
      // Changed elsewhere (its version goes up), while this page keeps its copy in the cache.
      await suite.stack.sql(`UPDATE ${definition.storage.table} SET name = $2 WHERE id = $1`, [id, `Changed ${tag}`]);
      await go(page, base);
      await page.getByTestId('generic-list').waitFor();
      // The page comes back to the record; its read is held until the check below, as a slow server would.
      let release = () => {};
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(new RegExp(`/${definition.endpoint}/${id}$`), async (route) => {
        if (route.request().method() === 'GET') await held;
        await route.continue();
      });
      await go(page, `${base}/show/${id}`);
      await poll(() => page.getByTestId('generic-show-name').textContent()).toBe(`Cached ${tag}`);
      expect(await page.getByTestId('generic-show-delete').isDisabled()).toBe(true);
      release();
      await poll(() => page.getByTestId('generic-show-name').textContent()).toBe(`Changed ${tag}`);
      const answer = page.waitForResponse((response) => response.request().method() === 'DELETE');
      await page.getByTestId('generic-show-delete').click();
      await page.locator('.ant-popconfirm').getByRole('button', { name: 'Delete', exact: true }).click();
      expect((await answer).status()).toBe(200);
      expect(await suite.stack.sql(`SELECT 1 FROM ${definition.storage.table} WHERE id = $1`, [id])).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe('the generic list keeps its state in the URL', () => {
  it('filters, sorts and pages on the server; a reload shows the same rows', async () => {
    const { context, page } = await open(0);
    try {
      await go(page, '/admin/enterprise/enterprises');
      await poll(() => rows(page).count()).toBeGreaterThan(1);
      // Filter: Bank = Yes, from the column's filter panel.
      await page.getByRole('columnheader', { name: 'Bank' }).getByRole('button').click();
      await page.locator('#filter-isBank').click();
      await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: 'Yes' }).click();
      await page.locator('[data-testid="generic-filter-isBank"] [data-testid="generic-filter-apply"]').click();
      await poll(() => decodeURIComponent(page.url())).toContain('[field]=isBank');
      await poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Demo Bank')]);
      await page.reload();
      await poll(() => rows(page).allTextContents()).toEqual([expect.stringContaining('Demo Bank')]);
      // A link to the same list with other filters moves the mounted table with the URL.
      await go(page, '/admin/enterprise/enterprises?filters[0][field]=isBank&filters[0][operator]=eq&filters[0][value]=false');
      await poll(async () => (await rows(page).allTextContents()).join('|')).toMatch(/^(?!.*Demo Bank).*Demo Enterprise/);

      // Sort and page: companies has hundreds of rows.
      await go(page, '/news-management/news/companies');
      await poll(() => page.locator('.ant-pagination-total-text').textContent()).toMatch(/\d+ records/);
      await page.getByRole('columnheader', { name: 'Name', exact: true }).click();
      await page.getByRole('columnheader', { name: 'Name', exact: true }).click();
      await poll(() => decodeURIComponent(page.url())).toContain('sorters[0][order]=desc');
      // The rows are read once the list has read what its URL asks (the kept companies list shows first).
      await listSettled(page);
      const firstDesc = await rows(page).first().locator('td:nth-child(2)').textContent();
      await page.locator('.ant-pagination-item-2').click();
      await poll(() => page.url()).toContain('currentPage=2');
      await page.reload();
      await poll(() => page.locator('.ant-pagination-item-active').textContent()).toBe('2');
      await listSettled(page);
      expect(await rows(page).first().locator('td:nth-child(2)').textContent()).not.toBe(firstDesc);
      await keepScreenshot(page, 'generic-list-page-2');
    } finally {
      await context.close();
    }
  });

  it('the companies list is kept (companyListData) and brought back when the user returns without a query', async () => {
    const { context, page } = await open(2);
    try {
      await go(page, '/news-management/news/companies');
      await poll(() => rows(page).count()).toBeGreaterThan(1);
      await search(page, 'Bharat');
      const onlyBharat = async () => {
        const texts = await rows(page).allTextContents();
        return texts.length > 0 && texts.every((text) => text.includes('Bharat'));
      };
      await poll(onlyBharat).toBe(true);
      const kept = async () => (JSON.parse((await sessionStorageOf(page))['companyListData'] ?? '{}') as { search?: string }).search ?? '';
      await poll(async () => decodeURIComponent(await kept())).toContain('[value]=Bharat');

      await go(page, '/');
      await page.getByTestId('generic-list').waitFor({ state: 'detached' });
      await go(page, '/news-management/news/companies');
      await poll(() => decodeURIComponent(page.url())).toContain('[value]=Bharat');
      await poll(onlyBharat).toBe(true);
      await poll(() => page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first().inputValue()).toBe('Bharat');
    } finally {
      await context.close();
    }
  });

  it('a form refuses what the definition refuses, in the reader\'s words, and shows the server\'s field reasons', async () => {
    const { context, page } = await open(0);
    try {
      await go(page, '/admin/enterprise/enterprises/create');
      await page.getByTestId('generic-form').waitFor();
      await page.locator('#name').fill('Demo Bank');
      await page.locator('#mailDomain').fill('Not A Domain');
      await save(page);
      await poll(() => page.locator('.ant-form-item-explain-error').allTextContents()).toEqual([
        'Mail domain must be a lowercase domain such as bank.example.',
      ]);
      // The name is taken: only the server knows, and its reason lands on the field.
      await page.locator('#mailDomain').fill(`crud${tag.toLowerCase()}.example`);
      await save(page);
      const nameItem = page.locator('.ant-form-item', { has: page.locator('#name') });
      await poll(() => nameItem.locator('.ant-form-item-explain-error').textContent()).toMatch(/taken/);
    } finally {
      await context.close();
    }
  });
});

describe('the generic pages in every look', () => {
  it('axe finds nothing serious or critical on a generic list, form and show page; screenshots in en, es, RTL and dark', async () => {
    const { context, page } = await open(0);
    let findings: Record<string, string[]> = {};
    try {
      findings = await auditInEveryLook(
        page,
        suite.stack.appUrl,
        [
          { name: 'list', path: '/admin/enterprise/enterprises', ready: '[data-testid="generic-table"] tbody tr.ant-table-row' },
          { name: 'form', path: '/admin/enterprise/enterprises/edit/1', ready: '#name', settle: () => poll(() => page.locator('#name').inputValue()).not.toBe('') },
          { name: 'show', path: '/admin/enterprise/enterprises/show/1', ready: '[data-testid="generic-show-fields"]' },
        ],
        'generic',
      );
    } finally {
      await context.close();
    }
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
  });
});
