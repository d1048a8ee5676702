// `npm run import -- FILE...`: imports FDIC and Census download files (CSV or JSON, gzip or not)
// into the regulator tables, a progress bar per file on stderr. The layout of each file is read
// from its header row. Refuses while a running server holds the embedded database.
import fs from 'node:fs';
import path from 'node:path';
import { progressBar } from '../backend/src/cli/progress-bar.ts';
import { loadConfigOrExit } from '../backend/src/startup/startup-failure.ts';
import { openDatabaseForCli } from '../backend/src/cli/open-database.ts';
import { openEventStoreForCli } from '../backend/src/cli/open-event-store.ts';
import { setLogLevel } from '../backend/src/logging/logger.ts';
import { describeImport, describeImportFailure, importFile } from '../backend/src/regulator/import/importer.ts';
import { layouts } from '../backend/src/regulator/import/layouts.ts';
import { clearDemoData, hasDemoData } from '../backend/src/regulator/store.ts';
import { updateTrackedBanks } from '../backend/src/outreach/targets/after-regulator-update.ts';

const args = process.argv.slice(2);
// --as-of YYYY-MM-DD: the date the files speak for where neither their rows nor their names give one.
const asOfAt = args.indexOf('--as-of');
const asOf = asOfAt >= 0 ? args[asOfAt + 1] : undefined;
const files = asOfAt >= 0 ? args.filter((_, index) => index !== asOfAt && index !== asOfAt + 1) : args;
if (files.length === 0 || files.includes('--help')) {
  console.error(
    'Usage: npm run import -- [--as-of YYYY-MM-DD] FILE [FILE...]\n\nFiles may be .csv, .json or gzip-compressed, in any order: the newest source wins each attribute.\n' +
      'A file speaks for the date its rows give (REPDTE, YEAR, closing date), else --as-of when given, else the date in its name (institutions_2026-01.csv), else the day it was written.\n\n' +
      'Layouts recognised from the header row:',
  );
  for (const layout of layouts) console.error(`  ${layout.id.padEnd(28)} ${layout.description}`);
  process.exit(files.length === 0 ? 2 : 0);
}
const missing = files.filter((file) => !fs.existsSync(file));
if (missing.length > 0) {
  console.error(`No such file: ${missing.join(', ')}`);
  process.exit(2);
}

const config = loadConfigOrExit();
setLogLevel('warn');
const db = await openDatabaseForCli(config);
// Opened before the files are read: an event store that cannot be reached stops the import before it starts.
const eventStore = await openEventStoreForCli(db, config);

let failed = false;
try {
  if (await hasDemoData(db.knex)) {
    await clearDemoData(db.knex);
    console.error('Removed the demo data set: real data replaces it.');
  }
  for (const file of files) {
    const bar = progressBar(path.basename(file));
    try {
      const result = await importFile(db.knex, path.resolve(file), {
        asOf,
        // The row total is estimated from the share of the file read so far.
        onProgress: ({ rows, bytesRead, totalBytes }) => bar.update(rows, bytesRead > 0 ? Math.max(rows, Math.round((rows * totalBytes) / bytesRead)) : undefined),
      });
      bar.finish(result.rows, result.rows);
      console.log(describeImport(result));
      for (const problem of result.problems) console.error(`  ${problem}`);
    } catch (error) {
      bar.finish(0);
      console.error(describeImportFailure(path.resolve(file), error));
      failed = true;
    }
  }
  // A newer quarter alerts the users whose target banks' ratios changed colour; renamed or moved banks take their new details.
  const { alerts, details } = await updateTrackedBanks({ knex: db.knex, eventStore });
  if (alerts && alerts.alerts > 0) console.log(`Quarter alerts: ${alerts.alerts} target banks changed rating colour in ${alerts.quarter}.`);
  if (details && details.refreshed > 0) console.log(`Tracked banks: ${details.refreshed} took the regulator's new name or address.`);
  if (!alerts || !details) failed = true;
} finally {
  await eventStore.close();
  await db.close();
}
process.exit(failed ? 1 : 0);
