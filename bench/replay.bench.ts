import { randomUUID } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import type { Knex } from 'knex';
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
import type { Report } from './run.ts';

/** Events in the as-of history (REPLAY_BENCH_EVENTS overrides): one user's, a second apart. */
const historyEvents = Number(process.env.REPLAY_BENCH_EVENTS ?? 1_000_000);
const chunk = 100_000;
const erasureEvents = 1000;

/**
 * One user's history written straight into the events table in SQL (a command per event would take
 * hours): per 50 events, a contact added, a task created and completed, and 23 emails queued and sent.
 */
async function writeHistory(knex: Knex, userId: string, total: number, start: Date): Promise<void> {
  for (let from = 0; from < total; from += chunk) {
    const to = Math.min(total, from + chunk) - 1;
    await knex.raw(
      `insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
       select stream_id, stream_version, type, data, jsonb_build_object('userId', ?::text, 'correlationId', 'bench', 'requestId', 'bench', 'source', 'api', 'schemaVersion', 1), ?::timestamptz + make_interval(secs => i)
       from (
         select i, i % 50 as slot, i / 50 as block from generate_series(?::int, ?::int) as i
       ) s,
       lateral (select
         case when slot = 0 then 'contact-' || overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid
              when slot in (1, 2) then 'task-' || overlay(overlay(md5('t' || block) placing '4' from 13) placing '8' from 17)::uuid
              else 'sent-email-' || overlay(overlay(md5('e' || block || '-' || ((slot - 3) / 2)) placing '4' from 13) placing '8' from 17)::uuid end as stream_id,
         case when slot = 0 then 1 when slot in (1, 2) then slot else 1 + ((slot - 3) % 2) end as stream_version,
         case when slot = 0 then 'ContactAdded' when slot = 1 then 'TaskCreated' when slot = 2 then 'TaskCompleted'
              when (slot - 3) % 2 = 0 then 'EmailQueued' else 'EmailSent' end as type,
         case when slot = 0 then jsonb_build_object('contactId', overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'bankId', block % 500, 'bankName', 'Bank ' || block % 500, 'name', 'Person ' || block, 'title', 'CFO', 'email', 'p' || block || '@bank.example', 'linkedinUrl', null, 'tags', '[]'::jsonb)
              when slot = 1 then jsonb_build_object('taskId', overlay(overlay(md5('t' || block) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'bankId', block % 500, 'text', 'Call', 'dueDate', '2026-12-01')
              when slot = 2 then jsonb_build_object('completedAt', (?::timestamptz + make_interval(secs => i))::text)
              when (slot - 3) % 2 = 0 then jsonb_build_object('emailId', overlay(overlay(md5('e' || block || '-' || ((slot - 3) / 2)) placing '4' from 13) placing '8' from 17)::uuid, 'ownerId', ?::uuid, 'contactId', overlay(overlay(md5('c' || block) placing '4' from 13) placing '8' from 17)::uuid, 'bankId', block % 500, 'bankName', null, 'recipientName', 'Person ' || block, 'recipientEmail', 'p' || block || '@bank.example', 'subject', 'Hello', 'body', 'Hi', 'queuedAt', (?::timestamptz + make_interval(secs => i))::text)
              else jsonb_build_object('sentAt', (?::timestamptz + make_interval(secs => i))::text, 'providerMessageId', null) end as data
       ) e`,
      [userId, start, from, to, userId, userId, start, userId, start, start],
    );
  }
}

const allReports = (state: ReportState) => Object.fromEntries(reportNames.map((name) => [name, reports[name](state)]));

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
        await eventStore.append(streamId, [contactEvents.ContactAdded.create({ contactId, ownerId: userId, bankId: 1, bankName: 'Bank 1', name: 'Erin Erasable', title: 'CFO', email: 'erin@bank.example', linkedinUrl: null, tags: [] })], { expectedVersion: 'no_stream' });
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
