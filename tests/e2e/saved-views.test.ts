import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { companies } from '../../common/resources/companies';
import { withAreas } from '../fixtures/app-config';
import { savedViewsFlow } from './saved-views-flow';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// Saved views, column chooser and density (issue 25 item 3) on the companies list; the lead
// runs savedViewsFlow over every generic list.

let scratch = '';
const suite = browserSuite(
  () => {
    scratch = mkdtempSync(join(tmpdir(), 'bo-saved-views-e2e-'));
    // Every area on, as the generic lists run with every area.
    return { APP_CONFIG: writeAppConfig(scratch, (config) => withAreas(config, config.menu.map((entry) => entry.value))) };
  },
  // A private copy of dist/: other suites may rebuild it meanwhile.
  { privateDist: true },
);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('saved views, column chooser and density', () => {
  it('companies: a view saved and shared with Users, columns and density remembered, the view applied by another user', { timeout: 180_000 }, async () => {
    await savedViewsFlow(suite, companies);
  });
});
