import { randomBytes } from 'node:crypto';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import knexFactory from 'knex';
import { openDatabase, type Database, type Engine } from '../../backend/src/db/database.ts';
import { migrateToLatest } from '../../backend/src/db/migrate.ts';

/** The engines every database suite runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

let pgliteTemplate: Promise<Blob> | undefined;
const templateDatabase = `charterline_tpl_${process.pid}`;
let postgresTemplate: Promise<void> | undefined;
const createdDatabases: string[] = [];

function adminUrl(database: string): string {
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${database}`;
  return url.toString();
}

async function withAdmin<T>(work: (admin: ReturnType<typeof knexFactory>) => Promise<T>): Promise<T> {
  const admin = knexFactory({ client: 'pg', connection: process.env.TEST_DATABASE_URL!, pool: { min: 0, max: 1 } });
  try {
    return await work(admin);
  } finally {
    await admin.destroy();
  }
}

/** A migrated database of its own: PGlite cloned from a migrated dump, or a PostgreSQL database created from a template. */
export async function freshDatabase(engine: Engine): Promise<Database> {
  if (engine === 'pglite') {
    pgliteTemplate ??= (async () => {
      const pglite = await PGlite.create({ extensions: { pg_trgm } });
      const template = await openDatabase({ engine: 'pglite', pglite });
      await migrateToLatest(template.knex);
      await template.close();
      const dump = await pglite.dumpDataDir('none');
      await pglite.close();
      return dump;
    })();
    const dump = await pgliteTemplate;
    const pglite = await PGlite.create({ loadDataDir: dump, extensions: { pg_trgm } });
    const db = await openDatabase({ engine: 'pglite', pglite });
    return { ...db, close: async () => { await db.close(); await pglite.close(); } };
  }
  postgresTemplate ??= withAdmin(async (admin) => {
    await admin.raw('drop database if exists ??', [templateDatabase]);
    await admin.raw('create database ??', [templateDatabase]);
    createdDatabases.push(templateDatabase);
    const template = await openDatabase({ engine: 'postgres', url: adminUrl(templateDatabase), poolSize: 2 });
    await template.knex.raw('create extension if not exists pg_trgm').catch(() => undefined);
    await migrateToLatest(template.knex);
    await template.close();
  });
  await postgresTemplate;
  const name = `charterline_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.raw('create database ?? template ??', [name, templateDatabase]));
  createdDatabases.push(name);
  const db = await openDatabase({ engine: 'postgres', url: adminUrl(name), poolSize: 20 });
  return {
    ...db,
    close: async () => {
      await db.close();
      await withAdmin((admin) => admin.raw('drop database if exists ?? with (force)', [name]));
    },
  };
}

/** An empty PostgreSQL database of its own (no schema), as a first start meets it; needs TEST_DATABASE_URL. */
export async function emptyPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `charterline_t_${randomBytes(6).toString('hex')}`;
  await withAdmin((admin) => admin.raw('create database ??', [name]));
  createdDatabases.push(name);
  return { url: adminUrl(name), drop: () => withAdmin(async (admin) => void (await admin.raw('drop database if exists ?? with (force)', [name]))) };
}

/** Drops the PostgreSQL template at the end of the run. */
export async function dropTestDatabases(): Promise<void> {
  if (!process.env.TEST_DATABASE_URL || createdDatabases.length === 0) return;
  await withAdmin(async (admin) => {
    for (const name of createdDatabases) await admin.raw('drop database if exists ?? with (force)', [name]);
  });
}

/**
 * Registers the suite once per engine, each with a fresh migrated database, e.g.
 * `describeWithDatabase('tasks API', (context) => { it('...', async () => context.db.knex ...) })`.
 */
export function describeWithDatabase(title: string, body: (context: { db: Database; engine: Engine }) => void): void {
  for (const engine of engines) {
    describe(`${title} [${engine}]`, function () {
      const context = { engine } as { db: Database; engine: Engine };
      before(async function () {
        // the first suite of a run also builds the migrated template, slow on a busy machine
        this.timeout(240_000);
        context.db = await freshDatabase(engine);
      });
      body(context);
      // Registered after the suite's own hooks, so it runs after them: the suite stops its apps (and
      // the connections they hold) before its database closes, or closing would wait on them for ever.
      after(async () => {
        await context.db?.close();
      });
    });
  }
}
