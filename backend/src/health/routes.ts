import Router from '@koa/router';
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

export const healthFeature: Feature = {
  name: 'health',
  routes: ({ knex, db, eventStore }) => {
    const router = new Router();
    router.get('/api/health', async (ctx) => {
      const [database, events] = await Promise.all([probe(() => knex.raw('select 1')), probe(() => eventStore.healthCheck())]);
      const healthy = database.status === 'ok' && events.status === 'ok';
      ctx.status = healthy ? 200 : 503;
      ctx.body = {
        status: healthy ? 'ok' : 'degraded',
        database: { ...database, engine: db.engine },
        eventStore: { ...events, kind: eventStore.kind },
      };
    });
    return router;
  },
};
