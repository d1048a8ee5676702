import Router from '@koa/router';
import type { Knex } from 'knex';
import { dispatchesInline } from '../mail/feature.ts';
import type { Feature } from '../services.ts';

async function probe(check: () => Promise<unknown>): Promise<{ status: 'ok' | 'error'; ms: number; error?: string }> {
  const started = performance.now();
  try {
    await check();
    return { status: 'ok', ms: Math.round(performance.now() - started) };
  } catch (error) {
    return { status: 'error', ms: Math.round(performance.now() - started), error: (error as Error).message };
  }
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
    router.get('/api/health', async (ctx) => {
      let waitedSeconds = 0;
      const [database, events] = await Promise.all([
        probe(async () => (waitedSeconds = await longestMailWaitSeconds(knex))),
        probe(() => eventStore.healthCheck()),
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
