import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setLogLevel } from '../backend/src/logging/logger.ts';

/**
 * `npm run bench [name...]`: runs every bench/*.bench.ts (or the named ones). Each exports
 * `run(report)`, measures on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is set,
 * on PostgreSQL, and reports figures. Figures are printed, never asserted.
 */
export type Report = (section: string, figures: Record<string, string | number>) => void;

setLogLevel('silent');
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const files = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort();

const report: Report = (section, figures) => {
  console.log(`\n## ${section}`);
  for (const [key, value] of Object.entries(figures)) console.log(`  ${key.padEnd(48)} ${value}`);
};

console.log(`Charterline benchmarks on ${process.platform} ${process.arch}, Node ${process.version}`);
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { run: (report: Report) => Promise<void> };
  console.log(`\n# ${file}`);
  await module.run(report);
}
process.exit(0);
