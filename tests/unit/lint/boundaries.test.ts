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
    ['a server file importing a page, through a .js specifier', 'server/src/routes/planted.ts', "export { GenericList } from '../../../src/pages/generic/generic-list.js';", 'The server may import only'],
    ['a server file importing outside the allowed folders (src/prerender)', 'server/src/routes/planted.ts', "export { withDrawing } from '../../../src/prerender/index-html.js';", 'The server may import only'],
    ["one area's page importing another area's", 'src/pages/finview/planted.tsx', "export { KycStatusTag } from '../kyc/kyc-format';", "The finview pages import no other area's pages"],
    ['a generic page importing an area', 'src/pages/generic/planted.tsx', "export { CompanyUploadButton } from '../news/company-actions';", 'Generic pages import no area'],
  ])('refuses %s', async (_, filePath, code, message) => {
    expect(await zoneErrors(filePath, `${code}\n`)).toEqual([expect.stringContaining(message)]);
  });

  it('lets the server import src/config and an area page import src/components', async () => {
    expect(await zoneErrors('server/src/routes/planted.ts', "export { PLAIN_INDEX } from '../../../src/config/prerendered-look.js';\n")).toEqual([]);
    expect(await zoneErrors('src/pages/finview/planted.tsx', "export { RelativeDate } from '../../components/relative-date';\n")).toEqual([]);
  });
});
