import { inflatingSheet } from '../tests/fixtures/xlsx-bombs';
import { formData } from '../tests/fixtures/kyc-forms';
import { everyAreaBenchApp } from './scratch-database';
import { loginCaller, timedCall } from './news-list';
import { ms } from './stats';

// Issue 23 item 2: the price-series upload's zip bomb, a 401 KB .xlsx whose one sheet inflates
// to 400 MiB. Prints the server's RSS idle, its peak while the upload is answered (sampled every
// 10 ms) and after; run it under `/usr/bin/time -v` for the process's own maximum, with the answer and its time. `npx tsx bench/xlsx-bomb.ts` (PGlite in memory).

const URL = '/backoffice/api/be-api-management/finview/plugins/price-series/series';
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MiB`;
const line = (label: string, figure: string) => console.log(`${label.padEnd(44)} ${figure}`);

export async function benchXlsxBomb(): Promise<void> {
  console.log('\nPrice-series .xlsx zip bomb (issue 23 item 2)');
  const { app, close } = await everyAreaBenchApp();
  try {
    const caller = await loginCaller(app);
    const bomb = inflatingSheet(400);
    const body = formData({ name: 'Bomb' }, [{ field: 'file', filename: 'bomb.xlsx', content: bomb }]);
    globalThis.gc?.();
    const idle = process.memoryUsage().rss;
    // Printed first: the old code's worker ran out of heap and took the process down with it.
    line('RSS idle', mb(idle));
    let peak = idle;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 10);
    const { response, elapsed } = await timedCall(caller, { method: 'POST', url: URL, payload: body.payload, headers: { 'content-type': body.contentType } });
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    line(`400 MiB-inflating .xlsx (${(bomb.length / 1024).toFixed(0)} kB), answered in`, `${ms(elapsed)}: ${response.statusCode} ${response.json<{ code?: string }>().code ?? ''}`);
    line('RSS peak while it was answered', `${mb(peak)} (+${mb(peak - idle)} on idle)`);
    line('RSS after', mb(process.memoryUsage().rss));
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchXlsxBomb();
