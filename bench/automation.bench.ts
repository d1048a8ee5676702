import { randomUUID } from 'node:crypto';
import { createScheduler } from '../backend/src/automation/scheduler.ts';
import { createEventStore } from '../backend/src/compose.ts';
import { runWithContext, systemContext } from '../backend/src/context/request-context.ts';
import type { Engine } from '../backend/src/db/database.ts';
import type { NewEvent } from '../backend/src/eventstore/types.ts';
import { createOutbox } from '../backend/src/mail/outbox.ts';
import { transportFinder } from '../backend/src/mail/transports.ts';
import { enrolmentDecider } from '../backend/src/outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../backend/src/outreach/enrolments/events.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import type { Report } from './run.ts';

/**
 * Issue 19's automation figure: 10,000 enrolments (BENCH_ENROLMENTS) whose first step is due in the
 * same minute, spread over 180 users with the default daily cap of 50, run by one scheduler: every
 * user gets 50 emails queued through the outbox and the rest move to the next day's window. Time, rate
 * and the process's peak heap while it runs are printed.
 */
const enrolmentCount = Number(process.env.BENCH_ENROLMENTS ?? 10_000);
const userCount = 180;
const cap = 50;
// Tuesday 10:00 in Chicago: the window is open.
const now = new Date('2026-12-01T16:00:00Z');

async function dueTogether(report: Report, engine: Engine) {
  const db = await benchDatabase(engine);
  const { knex } = db;
  const eventStore = await createEventStore(knex, undefined);
  const seedStarted = performance.now();
  const users = Array.from({ length: userCount }, (_, index) => ({ id: randomUUID(), index }));
  await knex('users').insert(users.map(({ id, index }) => ({ id, name: `Bench User ${index}`, email: `bench-${index}-${id}@charterline.example`, password_hash: 'x' })));
  const stamp = { version: 1, created_at: now, updated_at: now };
  const templateIds = new Map(users.map(({ id }) => [id, randomUUID()]));
  await knex('targets').insert(users.map(({ id }) => ({ ...stamp, user_id: id, cert: 628, name: 'Bench Bank', state: 'IL' })));
  await knex('templates').insert(users.map(({ id }) => ({ ...stamp, id: templateIds.get(id), user_id: id, name: 'Intro', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},\nA note.' })));
  for (const user of users) {
    const count = Math.floor(enrolmentCount / userCount) + (user.index < enrolmentCount % userCount ? 1 : 0);
    const contacts = Array.from({ length: count }, (_, index) => ({ ...stamp, id: randomUUID(), user_id: user.id, bank_id: 628, name: `Contact ${index}`, title: 'CFO', email: `c${index}@u${user.index}.bank.example` }));
    await knex.batchInsert('contacts', contacts, 500);
    const workflow = { id: randomUUID(), name: 'Bench sequence', steps: [{ day: 1, type: 'Email' as const, templateId: templateIds.get(user.id) }, { day: 3, type: 'LinkedIn Visit' as const }] };
    // The scheduler stops an enrolment whose workflow is gone: the workflow's row must be there.
    await knex('workflows').insert({ ...stamp, id: workflow.id, user_id: user.id, name: workflow.name, steps: JSON.stringify(workflow.steps) });
    const streams = contacts.map((contact) => {
      const enrolmentId = randomUUID();
      const events = enrolmentDecider.decide(
        { type: 'StartEnrolment', enrolmentId, userId: user.id, workflow, contact: { id: contact.id, name: contact.name, bankId: 628, bankName: 'Bench Bank', bankClosed: false }, timeZone: 'America/Chicago', at: now.toISOString(), firstDueAt: now.toISOString() },
        enrolmentDecider.initialState(),
      );
      return { streamId: enrolmentStreamId(enrolmentId), events: events as unknown as NewEvent[] };
    });
    await runWithContext(systemContext({ userId: user.id }), () => eventStore.appendNewStreams(streams));
  }
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const transports = transportFinder({ smtpUrl: 'smtp://127.0.0.1:9' }, async () => null);
  const outbox = createOutbox({ knex, eventStore, transportFor: transports });
  const scheduler = createScheduler({ knex, eventStore, outbox, publicUrl: 'http://charterline.example', linkSecret: 'bench-secret-that-is-long-enough', now: () => now, random: Math.random });
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = 0;
  let rssPeak = 0;
  // PGlite runs on this thread and keeps it busy, so a timer would never fire: memory is read after every round.
  const sample = () => {
    const usage = process.memoryUsage();
    heapPeak = Math.max(heapPeak, usage.heapUsed);
    rssPeak = Math.max(rssPeak, usage.rss);
  };
  const started = performance.now();
  while ((await scheduler.runOnce()) > 0) sample();
  const seconds = (performance.now() - started) / 1000;

  const queued = Number((await knex('sent_emails').count({ n: '*' }))[0].n);
  const perUser = await knex('sent_emails').groupBy('user_id').select(knex.raw('count(*)::int as n'));
  const rescheduled = Number((await knex('enrolments').where('steps_sent', 0).where('next_due_at', '>', now).count({ n: '*' }))[0].n);
  // A figure of a run that sent nothing would say nothing: every enrolment is either sent to or moved on.
  if (queued + rescheduled !== enrolmentCount) {
    const stopped = await knex('enrolments').where('status', 'stopped').groupBy('stop_reason').select('stop_reason', knex.raw('count(*)::int as n'));
    throw new Error(`The scheduler queued ${queued} emails and moved ${rescheduled} steps of ${enrolmentCount} enrolments (stopped: ${JSON.stringify(stopped)}).`);
  }
  const mib = (bytes: number) => `${(bytes / 2 ** 20).toFixed(0)} MiB`;
  report(`automation scheduler (${engine})`, {
    'enrolments due in the same minute': `${enrolmentCount} (${userCount} users, cap ${cap}/day)`,
    'seeding (contacts and enrolment streams)': `${seedSeconds.toFixed(1)} s`,
    'one scheduler, until nothing is due': { time: { value: seconds, unit: 's' }, rate: { value: (queued + rescheduled) / seconds, unit: 'steps/s' } },
    'emails queued / moved to the next window': `${queued} / ${rescheduled}`,
    'most emails queued for one user': String(Math.max(...perUser.map((row: { n: number }) => row.n))),
    'heap at start / peak between rounds / at end': `${mib(heapBefore)} / ${mib(heapPeak)} / ${mib(process.memoryUsage().heapUsed)}`,
    'peak resident memory (PGlite runs in this process)': mib(rssPeak),
  });
  await transports.close();
  await eventStore.close();
  await db.close();
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) await dueTogether(report, engine);
}
