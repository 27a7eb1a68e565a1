import { PGlite } from '@electric-sql/pglite';
for (let i=0;i<3;i++){ const t0 = Date.now();
const db = await PGlite.create('memory://');
await db.query('select 1');
console.log('create ms', Date.now()-t0); await db.close(); }
