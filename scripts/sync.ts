// `npm run sync [-- --census]`: syncs active institutions, recent structure changes, failures and
// the latest SYNC_QUARTERS quarters of financials from FDIC BankFind (continuing an interrupted
// run), then, with --census, the Census profiles of every CBSA/CSA in use. Progress bar on stderr.
// Refuses while a running server holds the embedded database (use POST
// /api/services/sync/institutions there instead).
import { describeCliFailure } from '../backend/src/cli/failure.ts';
import { progressBar } from '../backend/src/cli/progress-bar.ts';
import { loadConfigOrExit } from '../backend/src/startup/startup-failure.ts';
import { openDatabaseForCli } from '../backend/src/cli/open-database.ts';
import { openEventStoreForCli } from '../backend/src/cli/open-event-store.ts';
import { setLogLevel } from '../backend/src/logging/logger.ts';
import { RegulatorSync } from '../backend/src/regulator/sync/service.ts';
import { updateTrackedBanks } from '../backend/src/outreach/targets/after-regulator-update.ts';

const withCensus = process.argv.includes('--census');
const config = loadConfigOrExit();
setLogLevel('warn');
const db = await openDatabaseForCli(config);

let failed: boolean;
const eventStore = await openEventStoreForCli(db, config);
// A newer quarter alerts the users whose target banks' ratios changed colour; renamed or moved banks take their new details.
const sync = new RegulatorSync(db, config, { afterSync: () => updateTrackedBanks({ knex: db.knex, eventStore }) });
const stop = () => void sync.stop();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);
try {
  console.error(`Syncing from ${config.fdicApiUrl} (${config.syncQuarters} quarters of financials)`);
  await sync.startInstitutionSync();
  const bar = progressBar('FDIC institutions, structure changes, failures and financials');
  const timer = setInterval(() => {
    sync.status().then(({ progress, total }) => bar.update(progress, total || undefined), () => undefined);
  }, 500);
  await sync.whenIdle();
  clearInterval(timer);
  const status = await sync.status();
  bar.finish(status.progress, status.total || undefined);
  console.error(status.message);
  failed = status.status !== 'complete';
  if (withCensus && !failed) {
    const census = await sync.syncCensus();
    console.error(census.message);
  }
} catch (error) {
  console.error(describeCliFailure(error, 'npm run sync', 'What it stored is kept: run npm run sync again once the database answers to continue from there.'));
  failed = true;
} finally {
  await eventStore.close();
  await db.close();
}
process.exit(failed ? 1 : 0);
