// `npm run projections:rebuild [name...]`: truncates the named read models (all when none) and
// replays them from the event store, with a progress bar. Refuses while a server holds the embedded database.
import { loadConfig } from '../backend/src/config.ts';
import { openDatabaseForCli } from '../backend/src/cli/open-database.ts';
import { progressBar } from '../backend/src/cli/progress-bar.ts';
import { projectionsNamed } from '../projections/index.ts';
import { rebuildProjections, resetForAsyncReplay } from '../projections/runner.ts';

const config = loadConfig();
const selected = projectionsNamed(process.argv.slice(2));
const db = await openDatabaseForCli(config);
if (config.eventStoreUrl) {
  await resetForAsyncReplay(db.knex, selected);
  console.log(`Reset ${selected.map((p) => p.name).join(', ')}: the async projectors replay them from EventStoreDB when the server or worker runs.`);
  await db.close();
  process.exit(0);
}
const bar = progressBar(`Rebuilding ${selected.map((p) => p.name).join(', ')}`);
const { events } = await rebuildProjections(db.knex, selected, { onProgress: ({ done, total }) => bar.update(done, total) });
bar.finish(events, events);
await db.close();
