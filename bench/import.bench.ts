import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Report } from './run.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import { demoAreas, generateDemoBank } from '../backend/src/regulator/demo/generate.ts';
import { importFile } from '../backend/src/regulator/import/importer.ts';

/**
 * Import rate (rows/s, target above 20,000) of the full all-institutions file and a full quarter
 * of financials from ../shared/data when present, else of the same amounts of demo records
 * written as FDIC-format CSV. Each file goes into a fresh database, on PGlite and on PostgreSQL.
 */
const sharedData = process.env.SHARED_DATA_DIR ?? fileURLToPath(new URL('../../shared/data/', import.meta.url));

function demoFiles(): Array<{ label: string; file: string }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'charterline-import-bench-'));
  const areas = demoAreas();
  const banks = Array.from({ length: 4500 }, (_, index) => generateDemoBank(index, areas));
  const write = (name: string, records: Array<Record<string, unknown>>) => {
    const columns = [...new Set(records.flatMap((record) => Object.keys(record)))];
    const file = path.join(dir, name);
    const cell = (value: unknown) => {
      const text = value === null || value === undefined ? '' : String(value);
      return /[",\n\r]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
    };
    fs.writeFileSync(file, [columns.join(','), ...records.map((record) => columns.map((column) => cell(record[column])).join(','))].join('\n') + '\n');
    return file;
  };
  // Each bank's newest quarter (a bank that failed before the first quarter has none).
  const latest = banks.flatMap((bank) => bank.financials.slice(-1));
  return [
    { label: 'demo institutions (4,500)', file: write('institutions.csv', banks.map((bank) => bank.institution)) },
    { label: `demo quarter of financials (${latest.length.toLocaleString('en-US')})`, file: write('financials.csv', latest) },
  ];
}

export async function run(report: Report): Promise<void> {
  const real = [
    { label: 'institutions_all_2024-03.csv.gz (27,824 rows)', file: path.join(sharedData, 'fdic/institutions_all_2024-03.csv.gz') },
    { label: 'financials_20250930_active.csv.gz (one quarter)', file: path.join(sharedData, 'fdic/financials/financials_20250930_active.csv.gz') },
  ];
  const files = real.every((entry) => fs.existsSync(entry.file)) ? real : demoFiles();
  for (const engine of benchEngines) {
    const figures: Record<string, string | number> = {};
    for (const { label, file } of files) {
      const db = await benchDatabase(engine);
      try {
        // Other work on the machine slows this down a lot (2 cores): the load average goes beside each figure.
        const load = os.loadavg()[0].toFixed(1);
        const cpu = process.cpuUsage();
        const result = await importFile(db.knex, file);
        const used = process.cpuUsage(cpu);
        figures[`${label} rows/s`] = Math.round(result.rows / result.seconds);
        figures[`${label} seconds`] = `${result.seconds.toFixed(2)} (this process's CPU ${((used.user + used.system) / 1e6).toFixed(2)} s, load average ${load})`;
      } finally {
        await db.close();
      }
    }
    report(`import rate, ${engine}`, figures);
  }
}
