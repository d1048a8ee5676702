import { expect } from 'chai';
import type { Database } from '../../backend/src/db/database.ts';
import { outreachFeature } from '../../backend/src/outreach/feature.ts';
import type { FdicRecord } from '../../backend/src/regulator/clients/fdic.ts';
import { createSyncFeature } from '../../backend/src/regulator/sync/feature.ts';
import { FdicDouble } from '../doubles/fdic-double.ts';
import { startTestApp, type TestApp } from './app.ts';

/** One retry without waiting, no rate limit: the double answers at once. */
const fast = { retry: { retries: 1, baseDelayMs: 1, maxDelayMs: 5 }, requestsPerSecond: 0 };

export type SyncedApp = {
  fdic: FdicDouble;
  app: TestApp;
  token: string;
  otherToken: string;
  /** Runs the FDIC sync as a user would (202), until it is idle: the work after a sync included. */
  runSync(token?: string): Promise<void>;
};

/**
 * Before the suite's tests, the outreach app syncing from an FDIC protocol double holding `data`,
 * with two users signed up (handed to `use`), stopped after them: where tests see what a sync does
 * to the banks users track.
 */
export function withSyncedApp(context: { db: Database }, data: { institutions: FdicRecord[]; financials: FdicRecord[] }, syncQuarters: number, use: (started: SyncedApp) => void): void {
  let stop: (() => Promise<void>) | undefined;
  before(async () => {
    const fdic = await new FdicDouble({ institutions: data.institutions, financials: data.financials }).start();
    const sync = createSyncFeature({ fdic: fast, pageSize: 50 });
    const app = await startTestApp(context.db, { features: [outreachFeature, sync], config: { fdicApiUrl: fdic.url, syncQuarters } });
    stop = async () => {
      await app.stop();
      await fdic.stop();
    };
    const token = (await app.signUp('Analyst')).token;
    const otherToken = (await app.signUp('Other')).token;
    use({
      fdic,
      app,
      token,
      otherToken,
      async runSync(auth = token) {
        expect((await app.request('/api/services/sync/institutions', { method: 'POST', token: auth })).status).to.equal(202);
        await sync.syncFor(app.services).whenIdle();
      },
    });
  });
  after(async () => stop?.());
}
