import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, it } from 'vitest';
import { RESOURCES } from '../../common/resources/registry';
import { listPage } from '../../common/resources/list-page';
import { withAreas, withModules } from '../fixtures/app-config';
import { genericListFlow } from './generic-list-flow';
import { writeAppConfig } from './stack';
import { browserSuite } from './suite';

// One flow over every list the generic list draws (tests/e2e/generic-list-flow.ts), with every
// area and module on: a list that moves onto the generic pages is checked here without a line
// of test of its own.

const GENERIC_LISTS = RESOURCES.filter((definition) => listPage(definition) === 'generic');

let scratch = '';
const suite = browserSuite(
  () => {
    scratch = mkdtempSync(join(tmpdir(), 'bo-generic-lists-e2e-'));
    return {
      APP_CONFIG: writeAppConfig(scratch, (config) =>
        withModules(
          withAreas(config, config.menu.map((entry) => entry.value)),
          config.modules.map((entry) => entry.name),
        ),
      ),
    };
  },
  { privateDist: true },
);
afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe('every generic list', () => {
  for (const definition of GENERIC_LISTS) {
    it(`${definition.name}: URL state, keyboard, export, bulk, looks, saved views`, { timeout: 240_000 }, async () => {
      await genericListFlow(suite, definition);
    });
  }
});
