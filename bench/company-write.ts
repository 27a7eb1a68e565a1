import { benchWrite, type WriteTimes } from './company-import';
import { withScratchDatabase } from './scratch-database';
import { ms, percentile } from './stats';

// `npx tsx bench/company-write.ts [rounds]`: the 50 000-row company write alone (importMany), each
// round on a fresh database, then the median: PGlite in memory, and PostgreSQL in a scratch
// database when BENCH_DATABASE_URL or TEST_DATABASE_URL is set. bench/run.ts runs one round.

const rounds = Number(process.argv[2] ?? 3);
const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

async function measure(label: string, round: () => Promise<WriteTimes>): Promise<void> {
  console.log(`\n## ${label}`);
  const times: WriteTimes[] = [];
  for (let index = 0; index < rounds; index += 1) times.push(await round());
  const median = (what: keyof WriteTimes) => ms(percentile(times.map((each) => each[what]).sort((a, b) => a - b), 50));
  console.log(`median of ${rounds}  insert ${median('insert')}   update ${median('update')}   unchanged ${median('unchanged')}`);
}

if (postgresUrl) await measure('PostgreSQL', () => withScratchDatabase(postgresUrl, (url) => benchWrite(url)));
else console.log('PostgreSQL skipped: set BENCH_DATABASE_URL or TEST_DATABASE_URL.');
await measure('PGlite', () => benchWrite());
