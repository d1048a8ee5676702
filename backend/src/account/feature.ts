import { createPollingWorker, type PollingWorker } from '../jobs/polling-worker.ts';
import type { AppServices, Feature } from '../services.ts';
import { eraseNextContactsOfDeletedAccount } from './delete-account.ts';
import { accountRoutes } from './routes.ts';

/** A deletion another process left unfinished (it stopped) is taken up within this long of its claim lapsing. */
const pollIntervalMs = 60_000;

const erasureWorkers = new Map<AppServices, PollingWorker>();

function erasureWorker(services: AppServices): PollingWorker {
  let worker = erasureWorkers.get(services);
  if (!worker) erasureWorkers.set(services, (worker = createPollingWorker({ name: 'account deletion', pollIntervalMs, round: () => eraseNextContactsOfDeletedAccount(services) })));
  return worker;
}

/**
 * Deleting one's own account: the route closes it; a worker in every process erases the contacts of
 * deleted accounts in rounds, and at start finishes those a stopped process left halfway.
 */
export const accountFeature: Feature = {
  name: 'account',
  routes: (services) => accountRoutes(services, () => erasureWorker(services).wake()),
  start: (services) => erasureWorker(services).start(),
  async stop(services) {
    await erasureWorkers.get(services)?.stop();
    erasureWorkers.delete(services);
  },
};
