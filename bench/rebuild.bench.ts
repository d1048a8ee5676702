import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { projections } from '../projections/index.ts';
import { rebuildProjections } from '../projections/runner.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import { writeHistory, writeTaskHistory } from './history.ts';
import type { FigureValue, Report } from './run.ts';

/** Events of each history (REBUILD_BENCH_EVENTS overrides). */
const historyEvents = Number(process.env.REBUILD_BENCH_EVENTS ?? 100_000);

/**
 * Seconds to rebuild, twice: a first run, then again, at the steady rate a long rebuild keeps once V8
 * has optimised the projections' code (a real store's rebuild, of millions of events, is past that
 * within its first hundred thousand: measured on `tasks`, four rebuilds in one process ran at 53, 74,
 * 76 and 84 thousand events/s); beside the seconds plain INSERTs of the rows it produced take into
 * an empty copy of each table.
 */
async function measure(knex: Knex, names: string[]): Promise<{ events: number; firstSeconds: number; seconds: number; rows: number; insertSeconds: number }> {
  const selected = projections.filter((projection) => names.includes(projection.name));
  const rebuild = async () => {
    const started = performance.now();
    const { events } = await rebuildProjections(knex, selected);
    return { events, seconds: (performance.now() - started) / 1000 };
  };
  const first = await rebuild();
  const { events, seconds } = await rebuild();
  let rows = 0;
  let insertSeconds = 0;
  for (const { table } of selected) {
    const all = await knex(table).select('*');
    rows += all.length;
    await knex.raw('create temp table plain_copy (like ?? including all)', [table]);
    const insertStarted = performance.now();
    for (let i = 0; i < all.length; i += 1000) await knex('plain_copy').insert(all.slice(i, i + 1000).map((row) => Object.fromEntries(Object.entries(row).map(([column, value]) => [column, value !== null && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : value]))));
    insertSeconds += (performance.now() - insertStarted) / 1000;
    await knex.raw('drop table plain_copy');
  }
  return { events, firstSeconds: first.seconds, seconds, rows, insertSeconds };
}

function figures(label: string, { events, firstSeconds, seconds, rows, insertSeconds }: Awaited<ReturnType<typeof measure>>): Record<string, FigureValue> {
  return {
    [`rebuild ${label} over ${events.toLocaleString('en-US')} events, first run`]: { value: events / firstSeconds, unit: 'events/s' },
    [`rebuild ${label} over ${events.toLocaleString('en-US')} events, run again`]: { value: events / seconds, unit: 'events/s', anchor: { name: 'goal', value: 100_000 } },
    [`${label}: plain INSERT of its ${rows.toLocaleString('en-US')} rows`]: { value: rows / insertSeconds, unit: 'rows/s' },
    [`${label}: rebuild time / plain insert time`]: { value: seconds / insertSeconds, unit: '×' },
  };
}

/**
 * Blue/green rebuild (build beside the serving table, index, catch up, switch) of the tasks read
 * model over task streams of four events each, and of every read model over a mixed history
 * (contacts, tasks, sent mail and the activity feed), each beside plain INSERTs of the rows it wrote.
 */
export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      const { knex } = db;
      const userId = randomUUID();
      await knex('users').insert({ id: userId, name: 'Bench', email: `${userId}@bench.local`, password_hash: 'x' });
      await writeTaskHistory(knex, userId, historyEvents);
      await knex.raw('analyze events');
      const tasks = await measure(knex, ['tasks']);
      await knex.raw('truncate events, tasks');
      await writeHistory(knex, userId, historyEvents, new Date(Date.now() - (historyEvents + 3600) * 1000));
      await knex.raw('analyze events');
      const all = await measure(knex, projections.map((projection) => projection.name));
      report(`Projection rebuild (${engine})`, { ...figures("'tasks'", tasks), ...figures('every read model', all) });
    } finally {
      await db.close();
    }
  }
}
