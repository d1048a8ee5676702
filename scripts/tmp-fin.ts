import { openDatabase } from '../backend/src/db/database.ts';
import { financialRecords } from '../backend/src/regulator/queries/detail.ts';
const db = await openDatabase({ engine: 'postgres', url: 'postgres://postgres@127.0.0.1:5432/ovbench', poolSize: 10 });
const certs = (await db.knex('fdic_institutions').select('cert').orderBy('cert')).map((r: { cert: number }) => r.cert);
const quarters = (await db.knex('fdic_financials').distinct('repdte').orderBy('repdte', 'desc')).map((r: { repdte: string }) => r.repdte);
const run = async (n: number) => { const t = performance.now(); for (let i = 0; i < n; i++) JSON.stringify(await financialRecords(db.knex, certs[(i * 41 + 7) % certs.length], quarters[1])); return ((performance.now() - t) * 1000) / n; };
await run(1000);
console.log('older quarter µs', (await run(3000)).toFixed(0));
await db.close();
