import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { createEventStore } from '../backend/src/compose.ts';
import { runWithContext, systemContext } from '../backend/src/context/request-context.ts';
import { contactEvents } from '../backend/src/outreach/contacts/events.ts';
import { eraseContact } from '../backend/src/privacy/erase.ts';
import { revealPersonalData } from '../backend/src/privacy/personal-data.ts';
import { reportStateAsOf } from '../backend/src/reports/replay.ts';
import { reports, reportNames } from '../backend/src/reports/reports.ts';
import type { ReportState } from '../backend/src/reports/state.ts';
import type { AppServices } from '../backend/src/services.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import { writeHistory } from './history.ts';
import type { Report } from './run.ts';

/** Events in the as-of history (REPLAY_BENCH_EVENTS overrides): one user's, a second apart. */
const historyEvents = Number(process.env.REPLAY_BENCH_EVENTS ?? 1_000_000);
const erasureEvents = 1000;

const allReports = (state: ReportState) => Object.fromEntries(reportNames.map((name) => [name, reports[name](state, { timeZone: 'UTC', until: new Date() })]));

async function timed<T>(work: () => Promise<T>): Promise<{ value: T; ms: number }> {
  const started = performance.now();
  const value = await work();
  return { value, ms: performance.now() - started };
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const db = await benchDatabase(engine);
    try {
      const { knex } = db;
      const userId = randomUUID();
      const start = new Date(Date.now() - (historyEvents + 3600) * 1000);
      const written = await timed(() => writeHistory(knex, userId, historyEvents, start));
      // as autovacuum would after such an insert: without statistics the planner sorts the whole history per batch
      await knex.raw('analyze events');
      const midway = new Date(start.getTime() + (historyEvents / 2) * 1000);
      const now = new Date(Date.now() + 1000);
      const full = await timed(() => reportStateAsOf(knex, userId, now, revealPersonalData, { useSnapshots: false }));
      const cold = await timed(() => reportStateAsOf(knex, userId, now, revealPersonalData));
      const warm = await timed(() => reportStateAsOf(knex, userId, now, revealPersonalData));
      const fullMidway = await timed(() => reportStateAsOf(knex, userId, midway, revealPersonalData, { useSnapshots: false }));
      const warmMidway = await timed(() => reportStateAsOf(knex, userId, midway, revealPersonalData));
      const equal = isDeepStrictEqual(allReports(warm.value.state), allReports(full.value.state)) && isDeepStrictEqual(allReports(warmMidway.value.state), allReports(fullMidway.value.state));
      report(`As-of report over ${historyEvents.toLocaleString('en-US')} events (${engine})`, {
        'history written': { value: written.ms / 1000, unit: 's' },
        'full replay (no snapshot)': { value: full.ms, unit: 'ms' },
        'first report, saving snapshots': { value: cold.ms, unit: 'ms' },
        'as of now, from the newest snapshot': { value: warm.ms, unit: 'ms', anchor: { name: 'goal', value: 2000 } },
        'as of midway, full replay': { value: fullMidway.ms, unit: 'ms' },
        'as of midway, from a snapshot': { value: warmMidway.ms, unit: 'ms', anchor: { name: 'goal', value: 2000 } },
        'events folded after the snapshot (now)': warm.value.foldedEvents,
        'snapshot answers equal full replay': equal ? 'yes' : 'NO',
      });

      // erasure of a contact whose stream holds 1,000 events
      const eventStore = await createEventStore(knex);
      const contactId = randomUUID();
      const streamId = `contact-${contactId}`;
      await runWithContext(systemContext({ userId, source: 'api' }), async () => {
        await eventStore.append(streamId, [contactEvents.ContactAdded.create({ contactId, ownerId: userId, bankId: 1, bankName: 'Bank 1', name: 'Erin Erasable', title: 'CFO', email: 'erin@bank.example', linkedinUrl: null, tags: [], addressHeld: false })], { expectedVersion: 'no_stream' });
        for (let version = 1; version < erasureEvents; version += 111) {
          const renames = Array.from({ length: Math.min(111, erasureEvents - version) }, (_, index) => contactEvents.ContactRenamed.create({ name: `Erin Erasable ${version + index}` }));
          await eventStore.append(streamId, renames, { expectedVersion: version });
        }
      });
      const erasure = await timed(() => eraseContact({ knex, eventStore } as AppServices, userId, contactId));
      report(`Erasure (${engine})`, { [`contact with ${erasureEvents} events`]: { value: erasure.ms, unit: 'ms', anchor: { name: 'goal', value: 1000 } } });
      await eventStore.close();
    } finally {
      await db.close();
    }
  }
}
