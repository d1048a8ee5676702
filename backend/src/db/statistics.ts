import type { Knex } from 'knex';
import { engineOf } from './database.ts';
import { createPollingWorker, type PollingWorker } from '../jobs/polling-worker.ts';
import { logger } from '../logging/logger.ts';
import type { AppServices, Feature } from '../services.ts';

/**
 * The embedded engine runs no autovacuum, so nothing ever gathers the planner's statistics there:
 * a table loaded since has none, the planner takes it for a few rows and picks plans for a few
 * rows. With 1 million events, 20,000 contacts and 50,000 tasks of one user, lists answered at
 * 2-87 times the floor's p95 without statistics against 2-8 times with them (sent mail newest
 * first 87 against 7.1, tasks of a bank 19.6 against 4.7). This does what autovacuum's ANALYZE does
 * on PostgreSQL: it analyzes a table that was never analyzed, or has grown by a fifth since (in
 * pages: ANALYZE, VACUUM and CREATE INDEX note a table's pages and rows in pg_class).
 */

/** Pages (8 kB) a table holds before it is worth analyzing: below this a plan for few rows is right. */
const smallTablePages = 8;
/** Growth since the last statistics that makes them stale. */
const staleGrowth = 1.2;
const checkIntervalMs = 60_000;
/**
 * Rows sampled are 300 times this (PostgreSQL's default is 100). The sample is read into the
 * engine's WebAssembly memory, which never shrinks: at 100 the demo set's first start held 346 MB
 * resident after its statistics (the financials' took 1.3 s) against 265 MB without them; at 10,
 * 278 MB (0.1 s). The outreach lists answered as fast with these as with the default's.
 */
const statisticsTarget = 10;

/** Analyzes the tables of the current schema whose statistics are missing or stale; answers their names. */
export async function refreshStaleStatistics(knex: Knex): Promise<string[]> {
  const { rows } = await knex.raw<{ rows: Array<{ name: string }> }>(
    `select name from (
       select c.relname as name, c.reltuples as rows_analyzed, c.relpages as pages_analyzed,
         pg_relation_size(c.oid) / current_setting('block_size')::int as pages
       from pg_class c
       where c.relkind = 'r' and c.relnamespace = current_schema()::regnamespace
     ) tables
     where pages >= ? and (rows_analyzed < 0 or pages > pages_analyzed * ?::float8)
     order by name`,
    [smallTablePages, staleGrowth],
  );
  const analyzed: string[] = [];
  for (const { name } of rows) {
    const started = performance.now();
    try {
      await gatherStatistics(knex, name);
    } catch (error) {
      // a table dropped since it was listed (a rebuild's switch renames and drops tables)
      if ((error as { code?: string }).code === undefinedTable) continue;
      throw error;
    }
    analyzed.push(name);
    logger.info('gathered planner statistics', { table: name, ms: Math.round(performance.now() - started) });
  }
  return analyzed;
}

const undefinedTable = '42P01';

/** ANALYZE of a table (of some of its columns) from a sample of `statisticsTarget` × 300 rows. */
export async function gatherStatistics(knex: Knex, table: string, columns: string[] = []): Promise<void> {
  await knex.transaction(async (trx) => {
    await trx.raw(`set local default_statistics_target = ${statisticsTarget}`);
    await trx.raw(columns.length ? `analyze ?? (${columns.map(() => '??').join(', ')})` : 'analyze ??', [table, ...columns]);
  });
}

/**
 * Statistics of these columns of a table where they may be stale: always on the embedded engine
 * (its counts of changed rows lag), on PostgreSQL when the table was never analyzed or a tenth of
 * it changed since (autovacuum would get to it, but later).
 */
export async function gatherStatisticsWhereStale(knex: Knex, table: string, columns: string[]): Promise<void> {
  if (engineOf(knex) === 'postgres') {
    const { rows } = await knex.raw(
      `select last_analyze is null and last_autoanalyze is null or n_mod_since_analyze * 10 > n_live_tup as stale
       from pg_stat_user_tables where relid = ?::regclass`,
      [table],
    );
    if (rows[0]?.stale === false) return;
  }
  await gatherStatistics(knex, table, columns);
}

const workers = new Map<AppServices, PollingWorker>();

/** On the embedded engine, checks at start and every minute; PostgreSQL's autovacuum does this itself. */
export const embeddedStatisticsFeature: Feature = {
  name: 'embedded-statistics',
  start(services) {
    if (services.db.engine !== 'pglite') return;
    const worker = createPollingWorker({ name: 'planner statistics', pollIntervalMs: checkIntervalMs, round: async () => (await refreshStaleStatistics(services.knex)).length });
    workers.set(services, worker);
    worker.start();
  },
  async stop(services) {
    await workers.get(services)?.stop();
    workers.delete(services);
  },
};
