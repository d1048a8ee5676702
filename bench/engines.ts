import { openDatabase, type Database, type Engine } from '../backend/src/db/database.ts';
import { migrateToLatest } from '../backend/src/db/migrate.ts';
import knexFactory from 'knex';
import { randomBytes } from 'node:crypto';

/** The PostgreSQL server benchmarks may use: BENCH_DATABASE_URL, else TEST_DATABASE_URL, else none. */
export const benchPostgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

/** PGlite always, PostgreSQL when a server is given; BENCH_ENGINES (e.g. `postgres`) narrows the list. */
export const benchEngines: Engine[] = (benchPostgresUrl ? (['pglite', 'postgres'] as Engine[]) : (['pglite'] as Engine[])).filter(
  (engine) => !process.env.BENCH_ENGINES || process.env.BENCH_ENGINES.split(',').includes(engine),
);

/** A fresh migrated database for one benchmark; PostgreSQL gets a throwaway database dropped on close. */
export async function benchDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    const db = await openDatabase({ engine: 'pglite' });
    await migrateToLatest(db.knex);
    return db;
  }
  const name = `charterline_bench_${randomBytes(4).toString('hex')}`;
  const admin = knexFactory({ client: 'pg', connection: benchPostgresUrl!, pool: { min: 0, max: 1 } });
  await admin.raw('create database ??', [name]);
  const url = new URL(benchPostgresUrl!);
  url.pathname = `/${name}`;
  const db = await openDatabase({ engine: 'postgres', url: url.toString(), poolSize: 20 });
  await db.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
  await migrateToLatest(db.knex);
  return {
    ...db,
    close: async () => {
      await db.close();
      await admin.raw('drop database if exists ?? with (force)', [name]);
      await admin.destroy();
    },
  };
}
