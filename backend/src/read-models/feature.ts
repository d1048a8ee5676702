import Router from '@koa/router';
import { z } from 'zod';
import type { ReadModelsStatus } from '../../../domain/records/read-models.ts';
import { projections, projectionsNamed } from '../../../projections/index.ts';
import { claimRebuild, latestRebuild, projectionStates, RebuildRunning, runRebuild } from '../../../projections/rebuilds.ts';
import { staleProjections } from '../../../projections/rebuild.ts';
import type { RowProjection } from '../../../projections/row-projection.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError, ConflictError } from '../http/errors.ts';
import { eventsToIndex } from '../outreach/activity-search.ts';
import { logger } from '../logging/logger.ts';
import type { AppServices, Feature } from '../services.ts';

/** With EventStoreDB the async projectors own the read tables: a replay resets them while no server runs. */
const eventStoreDbReplay = 'Read models follow EventStoreDB through the async projectors: to replay them from the first event, stop the server, run npm run projections:rebuild, and start it again.';

const rebuildBody = z.object({ projections: z.array(z.string().max(100)).max(50).optional() }).strict();

/**
 * Read-model rebuilds, blue/green: the new tables are built beside the serving ones, which keep
 * answering, and take their place in one short transaction.
 * - GET /api/services/projections: each projection's version in code and as built, the newest
 *   rebuild with its progress (events done and total, rate, ETA), and how many of the user's events
 *   the activity search index has yet to take in;
 * - POST /api/services/projections/rebuild {projections?}: starts a rebuild in the background (202),
 *   409 while one runs or with EventStoreDB (whose read models replay through the async projectors);
 * - on start, a projection whose version in code differs from its table's is rebuilt.
 */
export function createReadModelsFeature(): Feature {
  const running = new Map<AppServices, { controller: AbortController; done: Promise<void> }>();

  const start = async (services: AppServices, selected: RowProjection[]) => {
    if (services.config.eventStoreUrl) throw new ConflictError(eventStoreDbReplay);
    const claim = await claimRebuild(services.db, selected).catch((error: unknown) => {
      throw error instanceof RebuildRunning ? new ConflictError(error.message) : error;
    });
    const controller = new AbortController();
    const done = runRebuild(services.knex, claim, selected, { signal: controller.signal })
      .then(({ events }) => logger.info('read models rebuilt', { projections: selected.map((projection) => projection.name), events }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted) logger.error('read model rebuild failed', { error: (error as Error).stack ?? String(error) });
      })
      .finally(() => running.delete(services));
    running.set(services, { controller, done });
    return claim.id;
  };

  return {
    name: 'read-models',
    routes: (services) => {
      const router = new Router({ prefix: '/api/services' });
      router.get('/projections', async (ctx) => {
        const user = signedInUser(ctx.state);
        const status: ReadModelsStatus = {
          projections: await projectionStates(services.knex, projections),
          rebuild: await latestRebuild(services.db),
          activitySearch: services.eventStore.kind === 'postgres' ? { eventsToIndex: await eventsToIndex(services.knex, user.id) } : null,
          eventStore: services.eventStore.kind,
        };
        ctx.body = status;
      });
      router.post('/projections/rebuild', async (ctx) => {
        const { projections: names = [] } = rebuildBody.parse(ctx.request.body ?? {});
        let selected: RowProjection[];
        try {
          selected = projectionsNamed(names);
        } catch (error) {
          throw new BadRequestError((error as Error).message);
        }
        const id = await start(services, selected);
        ctx.status = 202;
        ctx.body = { rebuild: await latestRebuild(services.db), id };
      });
      return router;
    },
    async start(services) {
      if (!services.config.runsStartupJobs || services.config.eventStoreUrl) return;
      const stale = await staleProjections(services.knex, projections);
      if (stale.length === 0) return;
      logger.info('projection versions changed: rebuilding beside the serving tables', { projections: stale.map((projection) => `${projection.name} v${projection.version}`) });
      await start(services, stale).catch((error: unknown) => logger.warn('could not start the read model rebuild', { error: (error as Error).message }));
    },
    async stop(services) {
      const job = running.get(services);
      if (!job) return;
      job.controller.abort();
      await job.done;
    },
  };
}
