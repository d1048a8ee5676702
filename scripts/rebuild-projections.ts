// `npm run projections:rebuild [name...]`: rebuilds the named read models (all when none) from the
// event store, blue/green: each is built beside its serving table, which keeps answering, then
// switched in one short transaction. Prints a progress bar (events done of total, rate, ETA, phase).
// Refuses while a server holds the embedded database.
import { loadConfigOrExit } from '../backend/src/startup/startup-failure.ts';
import { openDatabaseForCli } from '../backend/src/cli/open-database.ts';
import { describeCliFailure } from '../backend/src/cli/failure.ts';
import { progressBar } from '../backend/src/cli/progress-bar.ts';
import { projectionsNamed } from '../projections/index.ts';
import { claimRebuild, runRebuild } from '../projections/rebuilds.ts';
import { resetForAsyncReplay } from '../projections/runner.ts';
import type { RowProjection } from '../projections/row-projection.ts';

/** The read models named on the command line; a name it does not know is a typo, said in one line (no stack trace). */
function namedOrExit(names: string[]): RowProjection[] {
  try {
    return projectionsNamed(names);
  } catch (error) {
    console.error((error as Error).message);
    process.exit(2);
  }
}

const config = loadConfigOrExit();
const selected = namedOrExit(process.argv.slice(2));
const db = await openDatabaseForCli(config);
if (config.eventStoreUrl) {
  await resetForAsyncReplay(db.knex, selected);
  console.log(`Reset ${selected.map((p) => p.name).join(', ')}: the async projectors replay them from EventStoreDB when the server or worker runs.`);
  await db.close();
  process.exit(0);
}
const bar = progressBar(`Rebuilding ${selected.map((p) => `${p.name} v${p.version}`).join(', ')}`);
// Ctrl+C (or a stop) ends the rebuild between batches: its build tables go, the serving ones stay as
// they were, and the run is recorded as ended, so the next one (here or in Data Tools) starts at once.
const stop = new AbortController();
const stopped = () => stop.abort(new Error('Rebuild stopped: the read models are as they were before it. Run it again to rebuild them.'));
process.once('SIGINT', stopped);
process.once('SIGTERM', stopped);
try {
  const claim = await claimRebuild(db, selected);
  const { events } = await runRebuild(db.knex, claim, selected, { signal: stop.signal, onProgress: ({ done, total, phase }) => bar.update(done, total, phase) });
  bar.finish(events, events);
} catch (error) {
  // Its run cannot be marked ended with the database gone; its lock went with its connection, so the next rebuild takes it over.
  const afterLoss = 'The read models are as they were before it: run it again once the database answers.';
  console.error(describeCliFailure(error, 'npm run projections:rebuild', afterLoss));
  process.exitCode = 1;
} finally {
  await db.close();
}
