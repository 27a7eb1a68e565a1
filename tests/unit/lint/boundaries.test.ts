import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

// The boundary zones of eslint.config.js, run on planted files: each names a real module, so a
// resolver that cannot follow the import (the server's './foo.js' for foo.ts) makes the zone
// skip it silently, and this test fails.

const RULE = 'import-x/no-restricted-paths';

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: process.cwd() });
});

async function zoneErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === RULE).map((message) => message.message);
}

describe('the boundary lint', { timeout: 60_000 }, () => {
  // One planted violation per zone: [what it is, the file, its import, the zone's message].
  it.each([
    ['a server file importing a page, through a .js specifier', 'server/src/modules/web/planted.ts', "export { GenericList } from '../../../../src/pages/generic/generic-list.js';", 'The server imports only common/'],
    ['a server file importing React-free app code (src/prerender)', 'server/src/modules/web/planted.ts', "export { withDrawing } from '../../../../src/prerender/index-html.js';", 'The server imports only common/'],
    ['common/ importing the app', 'common/resources/planted.ts', "export { PREFERENCE_KEYS } from '../../src/shell/preferences';", 'common/ is shared by the app and the server'],
    ['common/ importing the server', 'common/domains/kyc/planted.ts', "export { HttpError } from '../../../server/src/errors.js';", 'common/ is shared by the app and the server'],
    ["one area's page importing another area's", 'src/pages/finview/planted.tsx', "export { KycStatusTag } from '../kyc/kyc-format';", "The finview pages import no other area's pages"],
    ['a generic page importing an area', 'src/pages/generic/planted.tsx', "export { CompanyUploadButton } from '../news/company-actions';", 'Generic pages import no area'],
  ])('refuses %s', async (_, filePath, code, message) => {
    expect(await zoneErrors(filePath, `${code}\n`)).toEqual([expect.stringContaining(message)]);
  });

  it('lets the server and the app import common/, and an area page import src/components', async () => {
    expect(await zoneErrors('server/src/modules/web/planted.ts', "export { PLAIN_INDEX } from '../../../../common/config/prerendered-look.js';\n")).toEqual([]);
    expect(await zoneErrors('src/pages/kyc/planted.tsx', "export { KYC_STATUSES } from '../../../common/domains/kyc/model';\n")).toEqual([]);
    expect(await zoneErrors('src/pages/finview/planted.tsx', "export { RelativeDate } from '../../components/relative-date';\n")).toEqual([]);
  });
});
