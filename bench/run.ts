import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { setLogLevel } from '../backend/src/logging/logger.ts';

/**
 * `npm run bench [name...] [-- --json]`: runs every bench/*.bench.ts (or the named ones). Each
 * exports `run(report)`, measures on PGlite and, when BENCH_DATABASE_URL (or TEST_DATABASE_URL) is
 * set, on PostgreSQL, and reports figures. Figures are printed, never judged (one that measured
 * nothing stops the run). With `--json` the only thing on standard output is one JSON object of
 * every figure (progress goes to standard error), so runs can be compared.
 */

/** A measured number, with what it is compared against in the same run when there is a goal. */
export type Figure = { value: number; unit: string; anchor?: { name: string; value: number } };
/** A plain note (a count, a description), one figure, or several named parts of one measurement (p50, p95, rate). */
export type FigureValue = string | number | Figure | Record<string, Figure>;
export type Report = (section: string, figures: Record<string, FigureValue>) => void;

/** One line of the JSON output. */
type FlatFigure = { section: string; name: string; unit: string | null; value: number | string; anchor: { name: string; value: number } | null };

setLogLevel('silent');
const benchDir = path.dirname(fileURLToPath(import.meta.url));
const json = process.argv.includes('--json');
const wanted = process.argv.slice(2).filter((argument) => argument !== '--json');
const files = fs
  .readdirSync(benchDir)
  .filter((name) => name.endsWith('.bench.ts'))
  .filter((name) => wanted.length === 0 || wanted.some((w) => name.startsWith(w)))
  .sort();

const isFigure = (value: FigureValue): value is Figure => typeof value === 'object' && typeof (value as Figure).value === 'number' && typeof (value as Figure).unit === 'string';

function describeFigure({ value, unit, anchor }: Figure): string {
  const shown = `${formatNumber(value)} ${unit}`.trim();
  return anchor ? `${shown}  (${anchor.name}: ${formatNumber(anchor.value)} ${unit})`.trim() : shown;
}

function formatNumber(value: number): string {
  return Math.abs(value) >= 100 ? Math.round(value).toString() : Number(value.toFixed(1)).toString();
}

/** A printed note such as "1234 renders/s" still becomes a number with its unit in the JSON output. */
function flatten(section: string, name: string, value: FigureValue): FlatFigure[] {
  if (typeof value === 'number') return [{ section, name, unit: null, value, anchor: null }];
  if (typeof value === 'string') {
    const measured = /^(-?\d[\d,]*(?:\.\d+)?)\s*(\S*)$/.exec(value.trim());
    if (measured) return [{ section, name, unit: measured[2] || null, value: Number(measured[1].replaceAll(',', '')), anchor: null }];
    return [{ section, name, unit: null, value, anchor: null }];
  }
  if (isFigure(value)) return [{ section, name, unit: value.unit, value: value.value, anchor: value.anchor ?? null }];
  return Object.entries(value).flatMap(([part, figure]) => flatten(section, `${name}: ${part}`, figure));
}

const collected: FlatFigure[] = [];
const print = json ? (line: string) => process.stderr.write(`${line}\n`) : (line: string) => process.stdout.write(`${line}\n`);

/** A figure worked out of nothing (a division by zero, the largest of no values) reads NaN or Infinity. */
const unmeasured = (figure: FlatFigure) => (typeof figure.value === 'number' ? !Number.isFinite(figure.value) : /\b(?:NaN|Infinity)\b/.test(figure.value));

/**
 * Prints a section's figures. A figure that measured nothing stops the run with the figure's name:
 * a bench whose workload silently did nothing once printed "0 emails in 0.2 s, most for one user
 * -Infinity" for three sessions. Figures are otherwise never judged here.
 */
const report: Report = (section, figures) => {
  print(`\n## ${section}`);
  for (const [key, value] of Object.entries(figures)) {
    const flat = flatten(section, key, value);
    const empty = flat.find(unmeasured);
    if (empty) throw new Error(`${section}: "${empty.name}" measured nothing (${empty.value}); the bench's workload did not run as it should.`);
    collected.push(...flat);
    const shown = typeof value !== 'object' ? String(value) : isFigure(value) ? describeFigure(value) : Object.entries(value).map(([part, figure]) => `${part} ${describeFigure(figure)}`).join('  ');
    print(`  ${key.padEnd(48)} ${shown}`);
  }
};

// A bench may log as it goes: with --json that must not mix with the one object on standard output.
if (json) console.log = (...args: unknown[]) => print(args.map(String).join(' '));

const started = new Date();
print(`Charterline benchmarks on ${process.platform} ${process.arch}, Node ${process.version}`);
for (const file of files) {
  const module = (await import(pathToFileURL(path.join(benchDir, file)).href)) as { run: (report: Report) => Promise<void> };
  print(`\n# ${file}`);
  await module.run(report);
}
if (json) {
  const machine = { platform: process.platform, arch: process.arch, node: process.version, cpus: os.cpus().length, memoryGiB: Math.round(os.totalmem() / 2 ** 30) };
  process.stdout.write(`${JSON.stringify({ startedAt: started.toISOString(), finishedAt: new Date().toISOString(), machine, benches: files, figures: collected }, null, 2)}\n`);
}
process.exit(0);
