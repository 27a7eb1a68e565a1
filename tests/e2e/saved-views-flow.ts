import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { VIEWS_ENDPOINT } from '../../common/domains/views/model';
import { resourceBasePath } from '../../common/resources/generate';
import type { FieldDefinition, ResourceDefinition } from '../../common/resources/types';
import enApp from '../../src/i18n/en-app.json';
import en from '../../src/i18n/en.json';
import { logInAs, waitForNotice } from './browser';
import { listSettled } from './list-settled';
import { apiSession, sealedFetch } from './sealed-api';
import type { BrowserSuite } from './suite';

// Saved views, the column chooser and density on one generic list, through the real server
// and Chromium: the owner filters and sorts, saves the view shared with Users, hides a column
// and picks compact; a reload keeps both; another user finds the shared view, applies it (the
// URL and the rows follow) and may not delete it. Reusable over every generic list that has
// rows, a search and a sortable column.

const poll = <T>(read: () => T | Promise<T>, timeout = 20_000) => expect.poll(read, { timeout });
const rows = (page: Page) => page.locator('[data-testid="generic-table"] tbody tr.ant-table-row');

/** The English words of a key, as the page shows them. */
function english(key: string): string {
  const find = (tree: unknown) => key.split('.').reduce<unknown>((node, part) => (node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined), tree);
  const text = find(enApp) ?? find(en);
  if (typeof text !== 'string') throw new Error(`no English for ${key}`);
  return text;
}

/** The header cells' texts, in order (the selection column's is empty). */
const headers = (page: Page) => page.locator('[data-testid="generic-table"] thead th').allTextContents();

/** The records' ids on the page, in order, read from their show or edit buttons. */
async function rowIds(page: Page): Promise<string[]> {
  const buttons = page.locator('[data-testid="generic-table"] tbody tr.ant-table-row').locator('[data-testid^="generic-show-"], [data-testid^="generic-edit-"]');
  const ids = await buttons.evaluateAll((nodes) => nodes.map((node) => node.getAttribute('data-testid')?.replace(/^generic-(show|edit)-/, '') ?? ''));
  return [...new Set(ids)];
}

/** Fields as the list shows them by default: listed, not hidden. */
const defaultColumns = (definition: ResourceDefinition): FieldDefinition[] =>
  (definition.fields ?? []).filter((field) => field.list && !field.list.hidden && !(field.views && !field.views.includes('list')));

export interface SavedViewsFlowOptions {
  /** Saves and shares the view (default admin). */
  owner?: string;
  /** A User who finds it shared (default analyst). */
  viewer?: string;
}

export async function savedViewsFlow(suite: BrowserSuite, definition: ResourceDefinition, options: SavedViewsFlowOptions = {}): Promise<void> {
  const { owner = 'admin', viewer = 'analyst' } = options;
  const base = `${suite.stack.appUrl}#${resourceBasePath(definition)}`;
  const columns = defaultColumns(definition);
  const defaultSortField = definition.storage?.defaultSort?.split(':')[0];
  const sortField = columns.find((field) => field.list && field.list.sortable && field.name !== defaultSortField);
  const searchField = columns.find((field) => (definition.storage?.search ?? definition.list?.search)?.includes(field.name));
  if (!sortField || !searchField) throw new Error(`${definition.name}: the flow needs a sortable column and a searched one`);
  // The column to hide: the last shown one that is neither sorted nor searched.
  const hidden = columns.toReversed().find((field) => field !== sortField && field !== searchField);
  if (!hidden) throw new Error(`${definition.name}: no column the flow may hide`);
  const name = `View ${Date.now().toString(36)}`;
  const contexts: BrowserContext[] = [];
  const open = async (username: string) => {
    const { context, page } = await suite.open(1500);
    contexts.push(context);
    await logInAs(page, suite.stack.appUrl, username);
    await page.goto(base);
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    return page;
  };

  try {
    const page = await open(owner);

    // Filter: the search for the first word of the first row's searched column; sort: another column's header.
    const searchIndex = (await headers(page)).indexOf(english(searchField.labelKey));
    expect(searchIndex).toBeGreaterThan(-1);
    const cell = (await rows(page).first().locator('td').nth(searchIndex).textContent()) ?? '';
    const term = cell.trim().split(/\s+/)[0] ?? '';
    expect(term.length).toBeGreaterThan(0);
    const box = page.locator('input[data-testid="generic-search"], [data-testid="generic-search"] input').first();
    await box.fill(term);
    await box.press('Enter');
    await poll(() => decodeURIComponent(page.url())).toContain(`[value]=${term}`);
    await page.locator('[data-testid="generic-table"] thead th', { hasText: english(sortField.labelKey) }).first().click();
    await poll(() => decodeURIComponent(page.url())).toContain(`sorters[0][field]=${sortField.name}`);
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    // The rows of the search and the sort, not the ones shown while they were read.
    await listSettled(page);
    const ownerRows = await rowIds(page);

    // Saved, shared with Users: the picker then names it, as the list shows it exactly.
    await page.getByTestId('saved-views-save').click();
    await page.getByTestId('save-view-name').fill(name);
    await page.getByTestId('save-view-share').click();
    await page.locator('.ant-select-dropdown:visible .ant-select-item-option', { hasText: new RegExp(`^${english('roles.user')}$`) }).click();
    await page.locator('#save-view-submit').click();
    await waitForNotice(page, english('views.saved').replace('{{name}}', name), { type: 'success' });
    await poll(() => page.locator('[data-testid="saved-views-select"] .ant-select-selection-item').textContent()).toBe(name);

    // A column off and compact, kept on the server (debounced) before the reload.
    await page.getByTestId('column-chooser').click();
    await page.getByTestId(`column-toggle-${hidden.name}`).click();
    await page.locator('[data-testid="column-chooser-panel"] label', { has: page.locator('input[value="small"]') }).click();
    await page.keyboard.press('Escape');
    await poll(() => headers(page)).not.toContain(english(hidden.labelKey));
    const ownerApi = await apiSession(suite.stack.appUrl, owner);
    await poll(async () => (await sealedFetch(ownerApi, 'GET', `${VIEWS_ENDPOINT}/preferences/${definition.name}`)).json()).toEqual({
      columns: columns.filter((field) => field !== hidden).map((field) => field.name),
      density: 'small',
    });
    // The list no longer shows the view exactly: the picker says so by naming none.
    await poll(() => page.locator('[data-testid="saved-views-select"] .ant-select-selection-item').count()).toBe(0);

    await page.reload();
    await poll(() => rows(page).count()).toBeGreaterThan(0);
    await poll(() => headers(page)).not.toContain(english(hidden.labelKey));
    expect(await headers(page)).toContain(english(sortField.labelKey));
    // antd marks the density on the table element (itself or inside the test id's wrapper).
    await poll(() => page.locator('[data-testid="generic-table"].ant-table-small, [data-testid="generic-table"] .ant-table-small').count()).toBe(1);

    // Another user, another browser: the view is listed as shared, and applying it sets the URL and the rows.
    const other = await open(viewer);
    await other.getByTestId('saved-views-select').click();
    const dropdown = other.locator('.ant-select-dropdown:visible');
    await dropdown.getByText(english('views.shared'), { exact: true }).waitFor();
    await dropdown.locator('.ant-select-item-option', { hasText: name }).click();
    await poll(() => decodeURIComponent(other.url())).toContain(`[value]=${term}`);
    expect(decodeURIComponent(other.url())).toContain(`sorters[0][field]=${sortField.name}`);
    await poll(() => rowIds(other)).toEqual(ownerRows);
    await poll(() => other.locator('[data-testid="saved-views-select"] .ant-select-selection-item').textContent()).toBe(name);
    // Not theirs: no menu to change or delete it, and the server refuses it too.
    expect(await other.getByTestId('saved-views-menu').count()).toBe(0);
    const listed = (await (await sealedFetch(ownerApi, 'GET', `${VIEWS_ENDPOINT}?resource=${definition.name}`)).json()) as { id: string; name: string; version: number }[];
    const view = listed.find((candidate) => candidate.name === name);
    expect(view).toBeDefined();
    const viewerApi = await apiSession(suite.stack.appUrl, viewer);
    const refused = await sealedFetch(viewerApi, 'DELETE', `${VIEWS_ENDPOINT}/${view?.id}`, JSON.stringify({ version: view?.version }), 'application/json');
    expect(refused.status).toBe(403);
  } finally {
    await Promise.all(contexts.map((context) => context.close()));
  }
}
