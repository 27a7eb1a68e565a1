import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { canAccess } from '../../common/access';
import { resourceBasePath } from '../../common/resources/generate';
import type { ResourceDefinition, Role } from '../../common/resources/types';
import { readWithOpenpyxl } from '../fixtures/openpyxl';
import { logInAs } from './browser';
import { listSettled } from './list-settled';
import { sampleRecord } from './sample-values';
import { apiSession, sealedFetch } from './sealed-api';
import { auditInEveryLook } from './looks';
import { savedViewsFlow } from './saved-views-flow';
import type { BrowserSuite } from './suite';

// What every generic list does for free, checked on one list through the real server and
// Chromium (issue 25's "one reusable browser flow"): its URL state survives a reload and Back,
// the keyboard moves, selects and lists its keys, the filtered set exported as .xlsx is read by
// openpyxl with typed cells, a saved view is shared with another role (and the column chooser
// remembered: savedViewsFlow), a bulk transition answers per row, and axe finds nothing serious
// in English, Spanish, right to left and dark. A step the list cannot take (no rows, no sortable
// column, no bulk transition) is said, with why, in the test's output.

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');
const ACCOUNTS: Record<Role, string> = { 0: 'superadmin', 1: 'admin', 2: 'analyst' };

/** Why a step was left out, printed so a skipped step is never silent. */
function leftOut(definition: ResourceDefinition, step: string, why: string): void {
  console.info(`[generic-list-flow] ${definition.name}: ${step} left out: ${why}`);
}

/** The least powerful account that may open the list, and another that may too (for sharing). */
function accounts(definition: ResourceDefinition): { owner: string; viewer: string } {
  const may = ([2, 1, 0] as const).filter((role) => canAccess(role, { resource: definition.name, action: 'list' }));
  const viewer = may[0] ?? 0;
  const owner = may.find((role) => role !== viewer) ?? 0;
  return { owner: ACCOUNTS[owner], viewer: ACCOUNTS[viewer] };
}

const searchedFields = (definition: ResourceDefinition) => definition.storage?.search ?? definition.list?.search ?? [];

async function firstRowKey(page: Page): Promise<string | null> {
  return rows(page).first().getAttribute('data-row-key');
}

/**
 * Another page (or, on a one-page list, another order) typed into the address bar: the rows
 * follow, a reload keeps them, Back brings the first URL's rows back (the companies case of
 * issue 25: the table lost step with the URL).
 */
async function urlState(page: Page, definition: ResourceDefinition, listUrl: string): Promise<void> {
  const before = await firstRowKey(page);
  const total = Number(((await page.getByTestId('generic-total').textContent()) ?? '').replace(/[^0-9]/g, ''));
  const sortable = (definition.fields ?? []).find((field) => field.list && field.list.sortable && !field.list.hidden);
  let moved: string;
  if (total > 10) moved = `${listUrl}?currentPage=2&pageSize=10`;
  else if (sortable && total > 1) moved = `${listUrl}?sorters[0][field]=${sortable.name}&sorters[0][order]=desc`;
  else {
    leftOut(definition, 'URL state', `${total} record(s) and no sortable column`);
    return;
  }
  // What the table shows once it follows the URL: the second page marked, or the column sorted.
  const followed = total > 10 ? page.locator('.ant-pagination-item-active[title="2"]') : page.locator('[data-testid="generic-table"] thead th[aria-sort="descending"]');
  await page.goto(moved);
  await followed.waitFor();
  await listSettled(page);
  const after = await firstRowKey(page);
  if (total > 10) expect(after).not.toBe(before);
  await page.reload();
  await followed.waitFor();
  await listSettled(page);
  expect(await firstRowKey(page)).toBe(after);
  await page.goBack();
  await followed.waitFor({ state: 'detached' });
  await listSettled(page);
  expect(await firstRowKey(page)).toBe(before);
}

/** j focuses the first row, x selects it and again unselects it, ? lists the keys, Escape closes them. */
async function keyboard(page: Page, selectable: boolean): Promise<void> {
  await page.getByTestId('generic-table').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press('j');
  await poll(() => rows(page).first().getAttribute('data-focused')).toBe('true');
  if (selectable) {
    await page.keyboard.press('x');
    await poll(() => rows(page).first().getAttribute('class')).toContain('ant-table-row-selected');
    await page.keyboard.press('x');
    await poll(() => rows(page).first().getAttribute('class')).not.toContain('ant-table-row-selected');
  }
  await page.keyboard.press('?');
  await page.getByTestId('keyboard-help-keys').waitFor();
  await page.keyboard.press('Escape');
  await page.getByTestId('keyboard-help-keys').waitFor({ state: 'hidden' });
}

/** The list's rows as .xlsx through its Export button, read back by openpyxl. */
async function exportFiltered(page: Page, definition: ResourceDefinition): Promise<void> {
  const button = page.getByTestId('export-button');
  if ((await button.count()) === 0) {
    leftOut(definition, 'export', 'the list has no export');
    return;
  }
  const totalText = page.getByTestId('generic-total');
  const total = Number(((await totalText.textContent()) ?? '').replace(/[^0-9]/g, ''));
  // "At least 10,000": the server stopped counting (x-total-capped).
  const capped = (await totalText.getAttribute('data-capped')) === 'true';
  await button.click();
  const download = page.waitForEvent('download', { timeout: 60_000 });
  await page.locator('.ant-dropdown:visible .ant-dropdown-menu-item').first().click();
  const file = await (await download).createReadStream();
  const chunks: Buffer[] = [];
  for await (const chunk of file) chunks.push(chunk as Buffer);
  const book = readWithOpenpyxl(Buffer.concat(chunks));
  const [header = [], ...data] = book.rows;
  // Headers in the reader's language, every one a string; one row per record of the filtered set.
  expect(header.length).toBeGreaterThan(0);
  expect(header.every((cell) => cell.type === 'str' && String(cell.value).length > 0)).toBe(true);
  if (capped) expect(data.length).toBeGreaterThanOrEqual(total);
  else expect(data.length).toBe(total);
  // Typed cells: whatever the list holds, no number or date is written as text.
  const types = new Set(data.flat().map((cell) => cell.type));
  expect([...types].every((type) => ['int', 'float', 'str', 'bool', 'datetime', 'NoneType'].includes(type))).toBe(true);
}

/** A bulk transition over rows of which some may not take it: each answers for itself. */
async function bulkTransition(page: Page, definition: ResourceDefinition): Promise<void> {
  const transition = definition.workflow?.transitions.find((candidate) => candidate.bulk && !candidate.reasons?.length && candidate.comment !== 'required');
  if (!transition || !definition.workflow) {
    leftOut(definition, 'bulk transition', 'no bulk transition without a reason or comment');
    return;
  }
  const stateField = definition.workflow.field;
  const states = await rows(page).evaluateAll((all, field) => all.map((row) => row.querySelector(`td[data-field="${field}"] [data-status]`)?.getAttribute('data-status') ?? ''), stateField);
  const able = states.findIndex((state) => transition.from.includes(state));
  const unable = states.findIndex((state) => state !== '' && !transition.from.includes(state));
  if (able < 0 || unable < 0) {
    leftOut(definition, 'bulk transition', `the first page has no mix of rows that may and may not ${transition.name}`);
    return;
  }
  const refusedKey = await rows(page).nth(unable).getAttribute('data-row-key');
  for (const index of [able, unable]) await rows(page).nth(index).locator('.ant-checkbox-input').check();
  await page.getByTestId(`workflow-bulk-${transition.name}`).click();
  // A dangerous one asks first.
  const confirm = page.locator('.ant-modal:visible .ant-btn-primary');
  if (await confirm.count()) await confirm.first().click();
  await page.getByTestId('workflow-bulk-summary').waitFor();
  // The refused row is named with its reason; the other was done (it left the selection).
  await page.getByTestId(`workflow-refused-${refusedKey}`).waitFor();
  await poll(() => page.getByTestId('workflow-selected').textContent()).toMatch(/\b1\b/);
}

/** Whether the API creates a record from the generic form's fields: a stored resource, or a module's own whose create is the generic form (announcements). */
const createdFromForm = (definition: ResourceDefinition) =>
  Boolean(definition.storage) || (definition.actions.includes('create') && !definition.actionPages?.create && !definition.page && definition.shape !== 'form');

/**
 * A resource created from its form's fields gets three records through its API when it has
 * fewer, so every step has rows to work on; one of a workflow's records is moved on by its first
 * transition, so a bulk run meets a row that may not take it.
 */
async function seedRecords(suite: BrowserSuite, definition: ResourceDefinition, owner: string): Promise<void> {
  if (!createdFromForm(definition) || !definition.endpoint || !definition.actions.includes('create')) return;
  const creator = ACCOUNTS[([2, 1, 0] as const).find((role) => canAccess(role, { resource: definition.name, action: 'create' })) ?? 0];
  const session = await apiSession(suite.stack.appUrl, creator);
  const listed = await sealedFetch(session, 'GET', `${definition.endpoint}?pageSize=1`);
  if (Number(listed.headers.get('x-total-count') ?? 0) >= 3) return;
  const created: Array<{ id: string; version: number }> = [];
  for (const index of [1, 2, 3]) {
    const seed = `${Date.now().toString(36).slice(-5)}${index}`.toUpperCase();
    const response = await sealedFetch(session, 'POST', definition.endpoint, JSON.stringify(sampleRecord(definition, seed)), 'application/json');
    if (response.status !== 201) throw new Error(`${definition.name}: seeding answered ${response.status} ${await response.text()}`);
    const body = (await response.json()) as Record<string, unknown>;
    const record = (definition.storage?.envelope === 'result' ? body.result : body) as Record<string, unknown>;
    created.push({ id: String(record[definition.idField ?? 'id']), version: Number(record.version) });
  }
  const first = definition.workflow?.transitions.find((transition) => !transition.reasons?.length && transition.comment !== 'required');
  const moved = created[0];
  if (first && moved) {
    const mover = await apiSession(suite.stack.appUrl, owner);
    const response = await sealedFetch(mover, 'POST', `${definition.endpoint}/${moved.id}/transitions/${first.name}`, JSON.stringify({ version: moved.version }), 'application/json');
    if (!response.ok) throw new Error(`${definition.name}: ${first.name} answered ${response.status} ${await response.text()}`);
  }
}

export interface GenericListFlowOptions {
  /** Take the saved views step (it needs a searched and a sortable column). */
  savedViews?: boolean;
}

export async function genericListFlow(suite: BrowserSuite, definition: ResourceDefinition, options: GenericListFlowOptions = {}): Promise<void> {
  const { owner, viewer } = accounts(definition);
  const path = resourceBasePath(definition);
  await seedRecords(suite, definition, owner);
  const { context, page } = await suite.open(1500);
  let hasRows = false;
  try {
    await logInAs(page, suite.stack.appUrl, owner);
    const listUrl = `${suite.stack.appUrl}#${path}`;
    await page.goto(listUrl);
    await page.getByTestId('generic-table').waitFor();
    // The first answer, not the empty table shown while it is read.
    await listSettled(page);
    await poll(async () => (await rows(page).count()) > 0 || (await page.locator('[data-testid="generic-table"] .ant-table-placeholder').count()) > 0).toBe(true);
    hasRows = (await rows(page).count()) > 0;
    if (hasRows) {
      await urlState(page, definition, listUrl);
      const selectable = (await page.locator('[data-testid="generic-table"] thead .ant-checkbox-input').count()) > 0;
      await keyboard(page, selectable);
      await exportFiltered(page, definition);
      await bulkTransition(page, definition);
    } else {
      leftOut(definition, 'URL state, keyboard, export and bulk', `no ${definition.name} records for ${owner}`);
    }

    const findings = await auditInEveryLook(page, suite.stack.appUrl, [{ name: definition.name, path, ready: '[data-testid="generic-table"]' }], 'generic-list');
    expect(findings).toEqual(Object.fromEntries(Object.keys(findings).map((key) => [key, []])));
  } finally {
    await context.close();
  }

  if (options.savedViews === false) return;
  if (!hasRows) {
    leftOut(definition, 'saved views', `no ${definition.name} records`);
    return;
  }
  const columns = (definition.fields ?? []).filter((field) => field.list && !field.list.hidden);
  if (!hasSearchAndSort(definition, columns.map((field) => field.name))) {
    leftOut(definition, 'saved views', 'no searched column or no second sortable column');
    return;
  }
  if (owner === viewer) {
    leftOut(definition, 'saved views', `only ${owner}'s role may open the list: no other role to share a view with`);
    return;
  }
  await savedViewsFlow(suite, definition, { owner, viewer });
}

function hasSearchAndSort(definition: ResourceDefinition, shown: readonly string[]): boolean {
  const searched = searchedFields(definition).some((name) => shown.includes(name));
  const defaultSort = definition.storage?.defaultSort?.split(':')[0];
  const sortable = (definition.fields ?? []).some((field) => field.list && field.list.sortable && !field.list.hidden && field.name !== defaultSort);
  return searched && sortable;
}
