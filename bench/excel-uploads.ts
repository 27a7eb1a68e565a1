import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { uploadFile } from './news-list';

// Zip bombs against a fresh server process, so its memory figures are the server's alone
// (see excel-uploads-server.ts). The 50 000-row file is made here: SheetJS writing it would
// leave its mark on the server process's memory.

export async function benchExcelUploads(): Promise<void> {
  console.log('\n## Excel uploads: zip bombs and worker memory (a fresh server process, PGlite in memory)');
  const dir = mkdtempSync(join(tmpdir(), 'bo-bench-excel-'));
  try {
    const file = join(dir, 'broken-last-row.xlsx');
    writeFileSync(file, uploadFile(true));
    const entry = fileURLToPath(new URL('./excel-uploads-server.ts', import.meta.url));
    const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', entry, file], { stdio: 'inherit' });
    const [code] = (await once(child, 'exit')) as [number | null];
    if (code !== 0) console.log(`(the Excel upload bench stopped with code ${code})`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
