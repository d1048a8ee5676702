import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { startEnrolments } from '../backend/src/automation/enrol.ts';
import { createScheduler } from '../backend/src/automation/scheduler.ts';
import { createEventStore } from '../backend/src/compose.ts';
import { runWithContext, systemContext } from '../backend/src/context/request-context.ts';
import type { Engine } from '../backend/src/db/database.ts';
import { refreshStaleStatistics } from '../backend/src/db/statistics.ts';
import type { NewEvent } from '../backend/src/eventstore/types.ts';
import { createOutbox } from '../backend/src/mail/outbox.ts';
import { transportFinder } from '../backend/src/mail/transports.ts';
import { enrolmentDecider } from '../backend/src/outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../backend/src/outreach/enrolments/events.ts';
import { benchDatabase, benchEngines } from './engines.ts';
import { percentile } from './http-load.ts';
import type { Figure, Report } from './run.ts';

/**
 * The automation paths that ask the regulator whether a bank is closed (failed, or merged into
 * another): the scheduler's round, which checks every running enrolment's stop conditions (the
 * bank's closure among them) and then reads the steps due, and the start of an enrolment, which
 * records whether the bank was already closed. Scale: a regulator mirror of 4,500 active banks and
 * 5,000 inactive ones (4,000 merged away, 1,000 failed) with six structure events each, and 200
 * users each running a workflow through 50 contacts at 50 banks (10,000 running enrolments over
 * 4,000 banks, 2 % of them at a bank closed before it started). Figures: p50/p95 of a round with
 * nothing due and nothing to stop (what every worker does every 5 s), and of a start of one
 * contact and of a page of 25.
 */
const activeBanks = 4_500;
const mergedBanks = 4_000;
const failedBanks = 1_000;
const historyPerBank = 6;
const userCount = Number(process.env.BENCH_CLOSURE_USERS ?? 200);
const enrolmentsPerUser = 50;
const rounds = 60;
const singleStarts = 100;
const pageStarts = 20;
const pageSize = 25;
// Tuesday 10:00 in Chicago; every first step is due two days on, so a round finds nothing due.
const now = new Date('2026-12-01T16:00:00Z');
const firstDueAt = new Date(now.getTime() + 2 * 24 * 60 * 60_000);

/** The regulator mirror in SQL: active banks 1-4,500, merged-away banks after them, failed banks last. */
async function seedRegulator(knex: Knex) {
  const firstMerged = activeBanks + 1;
  const firstFailed = activeBanks + mergedBanks + 1;
  const last = activeBanks + mergedBanks + failedBanks;
  await knex.raw(
    `insert into fdic_institutions (cert, name, city, state, active, inactive_date)
     select cert, 'Bench Bank ' || cert, 'Springfield', 'IL', cert < ?::int, case when cert >= ?::int then date '2010-01-01' + (cert % 5000) end
     from generate_series(1, ?::int) cert`,
    [firstMerged, firstMerged, last],
  );
  // Each bank's structure events: branch openings and renames, and for a merged-away bank its merger
  // into an active bank (the acquirer's own event names itself as acquirer, as the FDIC's history does).
  await knex.raw(
    `insert into fdic_history (id, cert, effective_date, change_code, change_description, institution_name, raw)
     select cert || '-' || n, cert, date '2000-01-01' + n * 400, case when n = ?::int and cert between ?::int and ?::int then 223 else 711 end, 'bench',
       'Bench Bank ' || cert,
       case when n = ?::int and cert between ?::int and ?::int then jsonb_build_object('ACQ_INSTNAME', 'Bench Bank ' || (cert % ?::int) + 1, 'ACQ_CERT', ((cert % ?::int) + 1)::text)
            when n = 1 then jsonb_build_object('ACQ_INSTNAME', 'Bench Bank ' || cert, 'ACQ_CERT', cert::text)
            else '{}'::jsonb end
     from generate_series(1, ?::int) cert, generate_series(1, ?::int) n`,
    [historyPerBank, firstMerged, firstFailed - 1, historyPerBank, firstMerged, firstFailed - 1, activeBanks, activeBanks, last, historyPerBank],
  );
  await knex.raw(
    `insert into fdic_failures (id, cert, name, fail_date, acquirer)
     select 'failure-' || cert, cert, 'Bench Bank ' || cert, date '2010-01-01' + (cert % 5000), 'Bench Bank ' || ((cert % ?::int) + 1)
     from generate_series(?::int, ?::int) cert`,
    [activeBanks, firstFailed, last],
  );
  return { firstFailed, last };
}

type Seeded = { users: Array<{ id: string; workflowId: string; spareContactIds: string[] }>; enrolments: number };

/**
 * Users with their targets, contacts and a two-step workflow, each contact enrolled through the
 * event store (the enrolments table is its projection). Every user also has contacts not yet
 * enrolled, for the starts to enrol.
 */
async function seedOutreach(knex: Knex, eventStore: Awaited<ReturnType<typeof createEventStore>>, closed: { firstFailed: number; last: number }): Promise<Seeded> {
  const stamp = { version: 1, created_at: now, updated_at: now };
  const users: Seeded['users'] = [];
  const spare = singleStarts + pageStarts * pageSize;
  const sparePerUser = Math.ceil(spare / userCount) + pageSize;
  for (let userIndex = 0; userIndex < userCount; userIndex += 1) {
    const userId = randomUUID();
    await knex('users').insert({ id: userId, name: `Bench User ${userIndex}`, email: `closure-${userIndex}-${userId}@charterline.example`, password_hash: 'x' });
    // 50 banks a user, spread over 4,000 banks; one in 50 is a bank that had already failed or merged.
    const certs = Array.from({ length: enrolmentsPerUser }, (_, index) =>
      index === 0 ? closed.firstFailed - 1 - ((userIndex * 37) % (mergedBanks + failedBanks)) : ((userIndex * enrolmentsPerUser + index * 79) % 4_000) + 1,
    );
    await knex('targets').insert([...new Set(certs)].map((cert) => ({ ...stamp, user_id: userId, cert, name: `Bench Bank ${cert}`, state: 'IL' })));
    const contacts = Array.from({ length: enrolmentsPerUser + sparePerUser }, (_, index) => ({
      ...stamp,
      id: randomUUID(),
      user_id: userId,
      bank_id: certs[index % certs.length],
      name: `Contact ${index}`,
      title: 'CFO',
      email: `c${index}@u${userIndex}.bank.example`,
    }));
    await knex.batchInsert('contacts', contacts, 500);
    const templateId = randomUUID();
    await knex('templates').insert({ ...stamp, id: templateId, user_id: userId, name: 'Intro', category: 'introduction', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},\nA note.' });
    const workflow = { id: randomUUID(), name: 'Bench sequence', steps: [{ day: 3, type: 'Email' as const, templateId }, { day: 6, type: 'LinkedIn Visit' as const }] };
    await knex('workflows').insert({ ...stamp, id: workflow.id, user_id: userId, name: workflow.name, steps: JSON.stringify(workflow.steps) });
    const streams = contacts.slice(0, enrolmentsPerUser).map((contact) => {
      const enrolmentId = randomUUID();
      const events = enrolmentDecider.decide(
        {
          type: 'StartEnrolment',
          enrolmentId,
          userId,
          workflow,
          contact: { id: contact.id, name: contact.name, bankId: contact.bank_id, bankName: `Bench Bank ${contact.bank_id}`, bankClosed: contact.bank_id > activeBanks },
          timeZone: 'America/Chicago',
          at: now.toISOString(),
          firstDueAt: firstDueAt.toISOString(),
        },
        enrolmentDecider.initialState(),
      );
      return { streamId: enrolmentStreamId(enrolmentId), events: events as unknown as NewEvent[] };
    });
    await runWithContext(systemContext({ userId }), () => eventStore.appendNewStreams(streams));
    users.push({ id: userId, workflowId: workflow.id, spareContactIds: contacts.slice(enrolmentsPerUser).map((contact) => contact.id) });
  }
  return { users, enrolments: userCount * enrolmentsPerUser };
}

/** p50 and p95 of `count` runs of `work(index)`, one at a time. */
async function timed(count: number, work: (index: number) => Promise<unknown>): Promise<Record<string, Figure>> {
  const durations: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const started = performance.now();
    await work(index);
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { p50: { value: percentile(durations, 50), unit: 'ms' }, p95: { value: percentile(durations, 95), unit: 'ms' } };
}

async function closureLookups(report: Report, engine: Engine) {
  const db = await benchDatabase(engine);
  const { knex } = db;
  const eventStore = await createEventStore(knex, undefined);
  const seedStarted = performance.now();
  const closed = await seedRegulator(knex);
  const seeded = await seedOutreach(knex, eventStore, closed);
  // Statistics as the server's job (PGlite) or autovacuum (PostgreSQL) would have them after such a load.
  if (engine === 'pglite') await refreshStaleStatistics(knex);
  else await knex.raw('vacuum analyze');
  const seedSeconds = (performance.now() - seedStarted) / 1000;

  const transports = transportFinder({ smtpUrl: 'smtp://127.0.0.1:9' }, async () => null);
  const outbox = createOutbox({ knex, eventStore, transportFor: transports });
  const scheduler = createScheduler({ knex, eventStore, outbox, publicUrl: 'http://charterline.example', linkSecret: 'bench-secret-that-is-long-enough', now: () => now, random: Math.random });
  const counts = async () => Object.fromEntries((await knex('enrolments').groupBy('status').select('status', knex.raw('count(*)::int as n'))).map((row: { status: string; n: number }) => [row.status, row.n]));
  const before = await counts();
  // A round must find nothing to do: one that stopped or ran steps would time those instead.
  if (before.active !== seeded.enrolments) throw new Error(`Expected ${seeded.enrolments} running enrolments, found ${JSON.stringify(before)}.`);
  await scheduler.runOnce();
  const idleRound = await timed(rounds, async () => {
    const ran = await scheduler.runOnce();
    if (ran !== 0) throw new Error(`An idle round ran ${ran} steps.`);
  });
  const after = await counts();
  if (after.active !== seeded.enrolments) throw new Error(`The idle rounds stopped enrolments: ${JSON.stringify(after)}.`);

  const clock = { now: () => now, random: Math.random, spreadMinutes: 10 };
  const deps = { knex, eventStore, clock };
  const spare = seeded.users.map((user) => [...user.spareContactIds]);
  const userOf = (index: number) => seeded.users[(index * 7) % seeded.users.length];
  const take = (user: Seeded['users'][number], count: number) => spare[seeded.users.indexOf(user)].splice(0, count);
  const oneStart = await timed(singleStarts, (index) => {
    const user = userOf(index);
    return startEnrolments(deps, { userId: user.id, workflowId: user.workflowId, contactIds: take(user, 1) });
  });
  const pageStart = await timed(pageStarts, (index) => {
    const user = userOf(singleStarts + index);
    const contactIds = take(user, pageSize);
    if (contactIds.length !== pageSize) throw new Error('The bench ran out of contacts to enrol.');
    return startEnrolments(deps, { userId: user.id, workflowId: user.workflowId, contactIds });
  });
  const started = (await counts()).active - seeded.enrolments;
  if (started !== singleStarts + pageStarts * pageSize) throw new Error(`Expected ${singleStarts + pageStarts * pageSize} enrolments started, found ${started}.`);

  report(`closure lookups in automation (${engine})`, {
    'regulator mirror': `${activeBanks} active banks, ${mergedBanks} merged away, ${failedBanks} failed, ${historyPerBank} structure events each`,
    'running enrolments': `${seeded.enrolments} (${userCount} users, ${enrolmentsPerUser} banks each among 4,000, 2 % closed before they started)`,
    'seeding (regulator, outreach rows, enrolment streams)': `${seedSeconds.toFixed(1)} s`,
    [`scheduler round, nothing due or to stop (${rounds} rounds)`]: idleRound,
    [`start of one contact's enrolment (${singleStarts} starts)`]: oneStart,
    [`start of a page of ${pageSize} contacts (${pageStarts} starts)`]: pageStart,
  });
  await transports.close();
  await eventStore.close();
  await db.close();
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) await closureLookups(report, engine);
}
