import type { AppConfig } from '../config.ts';
import { openConfiguredDatabase, type Database } from '../db/database.ts';
import { exitWhenDatabaseIsNewer, migrateToLatest } from '../db/migrate.ts';

/**
 * Opens and migrates the configured database for a command-line tool. When a running server holds
 * the embedded database, prints why and exits instead of corrupting it.
 */
export async function openDatabaseForCli(config: AppConfig): Promise<Database> {
  let db: Database;
  try {
    db = await openConfiguredDatabase(config);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(1);
  }
  await migrateToLatest(db.knex).catch(exitWhenDatabaseIsNewer);
  return db;
}
