import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadAppConfig } from '../../../src/providers/app-config';

const seed = readFileSync('config/app.json', 'utf8');
const answer = (body: string, status = 200): typeof fetch => async () => new Response(body, { status });

describe('loadAppConfig', () => {
  it('accepts the seed configuration, fetched relative to the page', async () => {
    let asked = '';
    const result = await loadAppConfig(undefined, async (url) => {
      asked = String(url);
      return new Response(seed);
    });
    expect(asked).toBe('./app-config.json');
    expect(result).toMatchObject({ ok: true, config: { product: 'backoffice', apiBaseUrl: '/backoffice/api' } });
  });

  it('lists the problems of an invalid file', async () => {
    const broken = JSON.parse(seed) as { defaults: { pageSize: number } };
    broken.defaults.pageSize = 1;
    const result = await loadAppConfig(undefined, answer(JSON.stringify(broken)));
    expect(result.ok).toBe(false);
    if (!result.ok && result.kind === 'invalid') expect(result.problems.join()).toContain('/defaults/pageSize');
    else throw new Error('expected an invalid result');
  });

  it.each([
    ['a 404', answer('Not found', 404), 'HTTP 404'],
    ['a body that is not JSON', answer('<html>'), 'JSON'],
    ['a network failure', (async () => Promise.reject(new TypeError('Failed to fetch'))) as typeof fetch, 'Failed to fetch'],
  ])('reports %s as unreachable', async (_label, fetchImpl, reason) => {
    const result = await loadAppConfig(undefined, fetchImpl);
    expect(result).toMatchObject({ ok: false, kind: 'unreachable' });
    if (!result.ok && result.kind === 'unreachable') expect(result.reason).toContain(reason);
  });
});
