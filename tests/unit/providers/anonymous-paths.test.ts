import { describe, expect, it } from 'vitest';
import { DEFAULT_ANONYMOUS_PATHS, isAnonymous, normalise } from '../../../src/providers/anonymous-paths';

const BASE = '/backoffice/api';

describe('isAnonymous', () => {
  it.each([
    ['GET', '/publicKey', true],
    ['POST', '/login', true],
    ['POST', 'login', true],
    ['POST', '/users', true],
    ['GET', '/users', false],
    ['POST', '/forgot-password', true],
    ['POST', '/reset-password', true],
    ['GET', '/health', true],
    ['GET', '/me', false],
    ['POST', '/logout', false],
    ['POST', '/change-user-password', false],
    ['GET', '/backoffice/api/publicKey?x=1', true],
    ['GET', 'http://other.test/backoffice/api/health', true],
  ])('%s %s → %s with the default list', (method, path, expected) => {
    expect(isAnonymous(method, path, DEFAULT_ANONYMOUS_PATHS, BASE)).toBe(expected);
  });

  it('accepts entries without a method, with the base, and prefix entries', () => {
    const entries = ['/status', '/backoffice/api/version', 'GET /docs*'];
    expect(isAnonymous('post', '/status', entries, BASE)).toBe(true);
    expect(isAnonymous('get', '/version', entries, BASE)).toBe(true);
    expect(isAnonymous('get', '/docs/json', entries, BASE)).toBe(true);
    expect(isAnonymous('post', '/docs/json', entries, BASE)).toBe(false);
    expect(isAnonymous('get', '/me', entries, BASE)).toBe(false);
  });

  it('normalises paths relative to an absolute base too', () => {
    expect(normalise('http://ui.test/backoffice/api/login/', 'http://ui.test/backoffice/api')).toBe('/login');
    expect(normalise('/backoffice/api', BASE)).toBe('/');
  });
});
