import Router from '@koa/router';
import { signedInUser } from '../../auth/authenticate.ts';
import { updateTrackedBanks } from '../../outreach/targets/after-regulator-update.ts';
import type { AppServices, Feature } from '../../services.ts';
import { RegulatorSync, type RegulatorSyncOptions } from './service.ts';

export type SyncFeature = Feature & {
  /** The sync jobs of one running app (the bootstrap feature starts them too). */
  syncFor(services: AppServices): RegulatorSync;
};

/**
 * Bulk data sync routes:
 * - POST /api/services/sync/institutions starts the FDIC sync in the background (202), 409 while one runs;
 * - GET /api/services/sync/status answers { status: idle|running|complete|stopped|error, progress, total, message };
 * - POST /api/services/census/sync-all fetches the community profiles of every CBSA/CSA in use.
 */
export function createSyncFeature(options: RegulatorSyncOptions = {}): SyncFeature {
  const instances = new Map<AppServices, RegulatorSync>();
  const syncFor = (services: AppServices) => {
    let sync = instances.get(services);
    if (!sync) {
      const afterSync = () => updateTrackedBanks({ knex: services.knex, eventStore: services.eventStore });
      instances.set(services, (sync = new RegulatorSync(services.db, services.config, { ...options, afterSync })));
    }
    return sync;
  };
  return {
    name: 'regulator-sync',
    syncFor,
    routes: (services) => {
      const router = new Router({ prefix: '/api/services' });
      router.post('/sync/institutions', async (ctx) => {
        ctx.status = 202;
        ctx.body = await syncFor(services).startInstitutionSync(signedInUser(ctx.state).id);
      });
      router.get('/sync/status', async (ctx) => {
        ctx.body = await syncFor(services).status('institutions');
      });
      router.post('/census/sync-all', async (ctx) => {
        ctx.body = await syncFor(services).syncCensus(signedInUser(ctx.state).id);
      });
      return router;
    },
    async stop(services) {
      const sync = instances.get(services);
      if (!sync) return;
      instances.delete(services);
      await sync.stop();
    },
  };
}
