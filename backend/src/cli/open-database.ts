import type { AppConfig } from '../config.ts';
import { openConfiguredDatabase, type Database } from '../db/database.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { exitOnStartupFailure } from '../startup/startup-failure.ts';

/**
 * Opens and migrates the configured database for a command-line tool. When it cannot (a running
 * server holds the embedded database, PostgreSQL cannot be reached), says why and exits instead.
 */
export async function openDatabaseForCli(config: AppConfig): Promise<Database> {
  let db: Database | undefined;
  try {
    db = await openConfiguredDatabase(config);
    await migrateToLatest(db.knex);
    return db;
  } catch (error) {
    await db?.close();
    exitOnStartupFailure(error, config);
  }
}
