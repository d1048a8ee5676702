// `npm run worker`: background work outside the web process, for deployments on PostgreSQL. It sends
// queued mail (the outbox dispatcher: each email is claimed by one dispatcher, so any number of workers
// may run), runs the automation scheduler (each step's email and task have ids of their own and the step
// is recorded at the version read, so workers never run a step twice) and, with EventStoreDB, runs the
// async projectors (each holds an advisory lock).
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { createEventStore } from './compose.ts';
import { configurationWarnings } from './config.ts';
import { logger, setLogLevel } from './logging/logger.ts';
import { resolveJwtSecret } from './auth/tokens.ts';
import { createScheduler, type Scheduler } from './automation/scheduler.ts';
import { createDispatcher, type Dispatcher } from './mail/dispatcher.ts';
import { warnOfSmtpProblem } from './mail/feature.ts';
import { createOutbox } from './mail/outbox.ts';
import { savedMailgunAccount, transportFinder } from './mail/transports.ts';
import { loadSecretBox } from './settings/secret-box.ts';
import { warnOfKeysSealedElsewhere } from './settings/settings.ts';
import type { EventStore } from './eventstore/types.ts';
import { exitOnStartupFailure, loadConfigOrExit } from './startup/startup-failure.ts';
import { StartupProblem } from './startup/startup-problem.ts';

const config = loadConfigOrExit();
setLogLevel(config.logLevel);
for (const warning of configurationWarnings()) logger.warn(warning);
if (!config.databaseUrl) {
  // A setting to correct (exit 78): a supervisor restarting the worker would only repeat this line.
  exitOnStartupFailure(
    new StartupProblem('The worker needs DATABASE_URL: the embedded database can only be opened by the web process, which then sends mail and runs projections itself.'),
  );
}
const db = await openDatabase({ engine: 'postgres', url: config.databaseUrl });
let store: EventStore, transports: ReturnType<typeof transportFinder>, dispatcher: Dispatcher | undefined, scheduler: Scheduler | undefined;
try {
  await migrateToLatest(db.knex);
  store = await createEventStore(db.knex, config.eventStoreUrl);
  const secrets = loadSecretBox({ configuredKey: config.secretsKey, dataDir: config.dataDir });
  await warnOfKeysSealedElsewhere(db.knex, secrets);
  transports = transportFinder(config, savedMailgunAccount({ knex: db.knex, secrets }));
  dispatcher = config.mailDispatch === 'inline' ? undefined : createDispatcher({ knex: db.knex, eventStore: store, transportFor: transports });
  const outbox = createOutbox({ knex: db.knex, eventStore: store, transportFor: transports, onQueued: () => dispatcher?.wake() });
  scheduler = dispatcher
    ? createScheduler({ knex: db.knex, eventStore: store, outbox, publicUrl: config.publicUrl, linkSecret: await resolveJwtSecret(db.knex, config.jwtSecret) })
    : undefined;
} catch (error) {
  await db.close();
  exitOnStartupFailure(error, config);
}
dispatcher?.start();
scheduler?.start();
if (dispatcher && config.smtpUrl) warnOfSmtpProblem(config.smtpUrl);
logger.info('worker running', { eventStore: store.kind, mail: dispatcher ? 'dispatching, running automation' : 'sent and automation run by the web process (MAIL_DISPATCH=inline)' });

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    logger.info('worker stopping', { signal });
    await scheduler?.stop();
    await dispatcher?.stop();
    await transports.close();
    await store.close();
    await db.close();
    process.exit(0);
  });
}
