import Router from '@koa/router';
import type { Knex } from 'knex';
import { logger } from '../logging/logger.ts';
import { dispatchesInline } from '../mail/feature.ts';
import type { Feature } from '../services.ts';

type Probe = { status: 'ok' | 'error'; ms: number; error?: string };

/**
 * Checks one service this server needs. The health answer needs no sign-in, so a failure is said
 * there in `unreachable`'s words: the service's own message may name hosts, users and databases,
 * and goes to the log alone, once when it starts or changes (a load balancer asks every few
 * seconds) and again when the service answers again.
 */
function prober(service: string, unreachable: string): (check: () => Promise<unknown>) => Promise<Probe> {
  let loggedError: string | undefined;
  return async (check) => {
    const started = performance.now();
    let error: string | undefined;
    try {
      await check();
    } catch (failure) {
      error = (failure as Error).message;
    }
    if (error !== loggedError) {
      if (error) logger.error(`health check: ${service} did not answer`, { error });
      else logger.info(`health check: ${service} answers again`);
      loggedError = error;
    }
    const ms = Math.round(performance.now() - started);
    return error === undefined ? { status: 'ok', ms } : { status: 'error', ms, error: unreachable };
  };
}

/**
 * Mail due this long ago and still queued means no dispatcher is sending: a dispatcher looks every
 * 2 seconds, and a provider call gives up long before this.
 */
export const overdueMailAfterSeconds = 5 * 60;

/** How long the longest-waiting due email has waited, in seconds (0 when none waits). */
async function longestMailWaitSeconds(knex: Knex): Promise<number> {
  const row = await knex('sent_emails')
    .where('status', 'queued')
    .where('next_attempt_at', '<=', knex.fn.now())
    .first(knex.raw('coalesce(extract(epoch from now() - min(next_attempt_at)), 0)::float8 as seconds'));
  return Math.floor(Number(row?.seconds ?? 0));
}

export const healthFeature: Feature = {
  name: 'health',
  routes: ({ knex, db, eventStore, config }) => {
    const router = new Router();
    const sender = dispatchesInline(config) ? 'this server' : 'npm run worker';
    const probeDatabase = prober('the database', 'The database cannot be reached.');
    const probeEventStore = prober('the event store', 'The event store cannot be reached.');
    router.get('/api/health', async (ctx) => {
      let waitedSeconds = 0;
      const [database, events] = await Promise.all([
        probeDatabase(async () => (waitedSeconds = await longestMailWaitSeconds(knex))),
        probeEventStore(() => eventStore.healthCheck()),
      ]);
      const mailOverdue = database.status === 'ok' && waitedSeconds >= overdueMailAfterSeconds;
      const mail = {
        status: mailOverdue ? ('error' as const) : ('ok' as const),
        sentBy: sender,
        longestWaitSeconds: waitedSeconds,
        ...(mailOverdue && {
          error: `Mail due ${Math.floor(waitedSeconds / 60)} minutes ago is still queued: ${sender === 'npm run worker' ? 'is npm run worker running?' : "this server's dispatcher is not sending it (see the log)."}`,
        }),
      };
      // The answer's code says whether this server can serve; mail that no worker sends is the worker's fault, said in the body.
      const serving = database.status === 'ok' && events.status === 'ok';
      ctx.status = serving ? 200 : 503;
      ctx.body = {
        status: serving && !mailOverdue ? 'ok' : 'degraded',
        database: { ...database, engine: db.engine },
        eventStore: { ...events, kind: eventStore.kind },
        mail,
      };
    });
    return router;
  },
};
