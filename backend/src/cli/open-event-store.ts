import type { AppConfig } from '../config.ts';
import { createEventStore } from '../compose.ts';
import type { Database } from '../db/database.ts';
import type { EventStore } from '../eventstore/types.ts';
import { exitOnStartupFailure } from '../startup/startup-failure.ts';

/**
 * Opens the configured event store over `db` for a command-line tool. When it cannot (EventStoreDB
 * cannot be reached), closes `db`, says why in the server's sentence and exits with its code.
 */
export async function openEventStoreForCli(db: Database, config: AppConfig): Promise<EventStore> {
  try {
    return await createEventStore(db.knex, config.eventStoreUrl);
  } catch (error) {
    await db.close();
    exitOnStartupFailure(error, config);
  }
}
