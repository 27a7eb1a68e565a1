import { benchCompanyImport } from './company-import';
import { benchExcelUploads } from './excel-uploads';
import { benchFrontEnd } from './front-end';
import { benchKyc } from './kyc';
import { benchKycLists } from './kyc-lists';
import { benchNewsList } from './news-list';
import { benchExport } from './export';
import { benchGenericListRender } from './generic-list-render';
import { benchSealCost } from './seal-cost';
import { benchSealedMe } from './sealed-me';
import { benchNewsPreview } from './news-preview';
import { benchRender } from './render';
import { benchFinview } from './finview';
import { benchAnnouncementsIngest } from './announcements-ingest';
import { benchAnnouncementsList } from './announcements-list';
import { benchAnnouncementsLive } from './announcements-live';
import { benchAuditLogList } from './audit-log-list';
import { benchColdStart } from './cold-start';
import { benchNpmStart } from './npm-start';
import { benchImageBomb } from './image-bomb';
import { benchXlsxBomb } from './xlsx-bomb';
import { withScratchDatabase } from './scratch-database';

// `npm run bench`: prints figures; nothing here asserts. PostgreSQL figures
// need BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch database is created).

await benchFrontEnd();
await benchColdStart();
await benchNpmStart();
await benchSealCost();
await benchSealedMe('PGlite');
await benchNewsPreview();
await benchCompanyImport('PGlite');
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
if (postgresUrl) {
  await withScratchDatabase(postgresUrl, (url) => benchSealedMe('PostgreSQL', url));
  await withScratchDatabase(postgresUrl, (url) => benchCompanyImport('PostgreSQL', url));
} else {
  console.log('\nPostgreSQL figures skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
}

await benchNewsList();
await benchExport();
await benchGenericListRender();
await benchAuditLogList();
await benchKycLists();
await benchExcelUploads();
await benchRender();
await benchFinview();
await benchKyc();
await benchAnnouncementsIngest();
await benchAnnouncementsList();
await benchAnnouncementsLive();
await benchImageBomb();
await benchXlsxBomb();
