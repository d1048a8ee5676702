// `npm run worker`: background work outside the web process. With EventStoreDB it runs the async
// projectors (each holds an advisory lock, so any number of workers and web replicas may run).
// With the Postgres event store projections are inline and there is nothing to run here.
import { loadConfig } from './config.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createEventStore } from './eventstore/create.ts';
import { logger, setLogLevel } from './http/logger.ts';

const config = loadConfig();
setLogLevel(config.logLevel);
if (!config.eventStoreUrl) {
  logger.info('No EVENTSTORE_URL: projections run inline in the web process; the worker has nothing to do.');
  process.exit(0);
}
if (!config.databaseUrl) {
  logger.error('The worker needs DATABASE_URL: the embedded database can only be opened by the web process.');
  process.exit(1);
}
const db = await openDatabase({ engine: 'postgres', url: config.databaseUrl });
await migrateToLatest(db.knex);
const store = await createEventStore(db.knex, config.eventStoreUrl);
logger.info('worker running', { eventStore: store.kind });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    logger.info('worker stopping', { signal });
    await store.close();
    await db.close();
    process.exit(0);
  });
}
