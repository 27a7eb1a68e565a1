import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkAppConfig } from '../../../common/config/validate';
import { createAccessControlProvider } from '../../../src/providers/access-control-provider';
import { createMemoryStorage, createSessionStore } from '../../../src/providers/session-store';
import { buildRegistry } from '../../../common/resources/generate';
import type { Role } from '../../../common/resources/types';

const check = checkAppConfig(JSON.parse(readFileSync('config/app.json', 'utf8')));
if (!check.ok) throw new Error('config/app.json is invalid');
const registry = buildRegistry(check.config);

function providerFor(role: Role | null) {
  const session = createSessionStore(createMemoryStorage());
  if (role !== null) {
    session.start({
      user: { user_id: 'u1', username: 'someone', anonymous_paths: [], role },
      accessToken: 't',
      rcKey: '00000001.c2VjcmV0',
      publicKey: 'pem',
    });
  }
  return createAccessControlProvider({ session, definitions: registry.definitions, translate: (key) => key });
}

describe('accessControlProvider', () => {
  it.each<[Role, string, boolean]>([
    [2, 'users', false],
    [1, 'users', true],
    [1, 'enterprises', false],
    [0, 'enterprises', true],
    [2, 'videos', true],
    [2, 'finview-settings', false],
  ])('role %i list %s → %s', async (role, resource, can) => {
    expect((await providerFor(role).can({ resource, action: 'list' })).can).toBe(can);
  });

  it('explains a refusal and refuses actions a resource does not declare', async () => {
    const provider = providerFor(0);
    expect(await provider.can({ resource: 'users', action: 'delete' })).toEqual({
      can: false,
      reason: 'pages.forbidden.description',
    });
    expect((await provider.can({ resource: 'users', action: 'frobnicate' })).can).toBe(false);
  });

  it('refuses resources the config switched off (the Reports module)', async () => {
    expect((await providerFor(0).can({ resource: 'reports', action: 'list' })).can).toBe(false);
  });

  it('refuses everything to nobody, and allows resource-less pages to any session', async () => {
    expect((await providerFor(null).can({ resource: 'videos', action: 'list' })).can).toBe(false);
    expect((await providerFor(null).can({ action: 'list' })).can).toBe(false);
    expect((await providerFor(2).can({ action: 'list' })).can).toBe(true);
  });

  it('hides buttons a role may not use', () => {
    expect(providerFor(2).options?.buttons).toEqual({ enableAccessControl: true, hideIfUnauthorized: true });
  });
});
