import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { refreshStaleStatistics } from '../backend/src/db/statistics.ts';
import { activitySearchWorker } from '../backend/src/outreach/activity-search.ts';
import { benchEngines, seedSignedUpUser, servedDatabase } from './engines.ts';
import { describeLatency, measureHttp, measureLatency, percentile } from './http-load.ts';
import type { FigureValue, Report } from './run.ts';

/**
 * Issue 16's scale for one user: 500 targets, 20,000 contacts, 50,000 tasks and 1 million events.
 * Figures: a record's History (sequential, and at 32 concurrent connections) beside the floor of a
 * trivial signed-in call, the outreach lists (each beside the floor measured just before it, with
 * the ratio of their p95s), and a 10,000-row contact CSV import end to end over HTTP.
 * The read rows and events are written straight into the tables (as a replay would leave them).
 */
// OUTREACH_BENCH_SCALE (e.g. 0.05) shrinks every count for a quick look.
const scale = Number(process.env.OUTREACH_BENCH_SCALE ?? 1);
const TARGETS = Math.max(10, Math.round(500 * scale));
const CONTACTS = Math.round(20_000 * scale);
const TASKS = Math.round(50_000 * scale);
const EVENTS = Math.round(1_000_000 * scale);
const TEMPLATES = 200;
const SENT_EMAILS = Math.round(10_000 * scale);
const CHUNK = 2_000;

type Seeded = { contactIds: string[]; taskIds: string[]; certs: number[] };

async function insertChunks(knex: Knex, table: string, rows: Array<Record<string, unknown>>) {
  for (let start = 0; start < rows.length; start += CHUNK) await knex(table).insert(rows.slice(start, start + CHUNK));
}

async function seed(knex: Knex, userId: string): Promise<Seeded> {
  const metadata = { userId, correlationId: 'bench', requestId: 'bench', source: 'ui', schemaVersion: 1 };
  const now = new Date();
  const certs = Array.from({ length: TARGETS }, (_, index) => 900_000 + index);
  await insertChunks(
    knex,
    'targets',
    certs.map((cert) => ({ cert, user_id: userId, version: 1, created_at: now, updated_at: now, name: `Bench Bank ${cert}`, city: 'Springfield', state: 'IL', targeted_at: now })),
  );
  const contactIds = Array.from({ length: CONTACTS }, () => randomUUID());
  await insertChunks(
    knex,
    'contacts',
    contactIds.map((id, index) => ({
      id,
      user_id: userId,
      version: 6,
      created_at: now,
      updated_at: now,
      bank_id: certs[index % TARGETS],
      bank_name: `Bench Bank ${certs[index % TARGETS]}`,
      name: `Contact ${index}`,
      title: index % 3 ? 'CFO' : 'CEO',
      email: `contact${index}@bench.example`,
      is_hot_lead: index % 7 === 0,
    })),
  );
  const taskIds = Array.from({ length: TASKS }, () => randomUUID());
  await insertChunks(
    knex,
    'tasks',
    taskIds.map((id, index) => ({ id, user_id: userId, version: 4, created_at: now, updated_at: now, bank_id: certs[index % TARGETS], text: `Task ${index}`, due_date: '2027-01-01', completed: index % 2 === 0 })),
  );

  // Six events a contact, the rest spread over the tasks (about 17 each: created, then edits).
  let written = 0;
  let batch: Array<Record<string, unknown>> = [];
  const push = async (row: Record<string, unknown>) => {
    batch.push({ ...row, metadata });
    written += 1;
    if (batch.length === CHUNK) {
      await knex('events').insert(batch);
      batch = [];
    }
  };
  for (const [index, contactId] of contactIds.entries()) {
    const streamId = `contact-${contactId}`;
    const bankId = certs[index % TARGETS];
    await push({ stream_id: streamId, stream_version: 1, type: 'ContactAdded', data: { contactId, ownerId: userId, bankId, bankName: `Bench Bank ${bankId}`, name: `Contact ${index}`, title: 'VP', email: null, linkedinUrl: null, tags: [] } });
    await push({ stream_id: streamId, stream_version: 2, type: 'ContactTitleChanged', data: { title: index % 3 ? 'CFO' : 'CEO' } });
    await push({ stream_id: streamId, stream_version: 3, type: 'ContactEmailChanged', data: { email: `contact${index}@bench.example` } });
    await push({ stream_id: streamId, stream_version: 4, type: 'ContactTagsChanged', data: { tags: ['bench'] } });
    await push({ stream_id: streamId, stream_version: 5, type: 'ContactMarkedHotLead', data: {} });
    await push({ stream_id: streamId, stream_version: 6, type: 'ContactUnmarkedHotLead', data: {} });
  }
  const perTask = Math.ceil((EVENTS - written) / TASKS);
  for (const [index, taskId] of taskIds.entries()) {
    const streamId = `task-${taskId}`;
    await push({ stream_id: streamId, stream_version: 1, type: 'TaskCreated', data: { taskId, ownerId: userId, bankId: certs[index % TARGETS], text: `Task ${index}`, dueDate: '2027-01-01' } });
    for (let version = 2; version <= perTask && written < EVENTS; version += 1) {
      await push({ stream_id: streamId, stream_version: version, type: 'TaskRescheduled', data: { dueDate: `2027-01-${String((version % 28) + 1).padStart(2, '0')}` } });
    }
  }
  if (batch.length) await knex('events').insert(batch);

  // Templates and sent mail as a busy user has them, and one activity row per event (as the activity projection leaves them).
  await insertChunks(
    knex,
    'templates',
    Array.from({ length: TEMPLATES }, (_, index) => ({ id: randomUUID(), user_id: userId, version: 1, created_at: now, updated_at: now, name: `Template ${index}`, category: index % 2 ? 'intro' : 'follow-up', subject: `Subject ${index}`, body: `Hello {{contactFirstName}}, note ${index}.`, is_favorite: index % 5 === 0 })),
  );
  await insertChunks(
    knex,
    'sent_emails',
    Array.from({ length: SENT_EMAILS }, (_, index) => {
      const at = new Date(now.getTime() - index * 60_000);
      return { id: randomUUID(), user_id: userId, version: 3, created_at: at, updated_at: at, queued_at: at, sent_at: at, contact_id: contactIds[index % contactIds.length], bank_id: certs[index % TARGETS], recipient_name: `Contact ${index}`, recipient_email: `contact${index}@bench.example`, subject: `Subject ${index % TEMPLATES}`, body: `Hello ${index}`, status: 'sent', attempts: 1, transport: 'smtp' };
    }),
  );
  await knex.raw(
    `insert into activity (global_position, user_id, resource, record_id, stream_id, stream_version, event_type, summary, changes, source, correlation_id, occurred_at, bank_id)
     select global_position, ?::uuid, split_part(stream_id, '-', 1) || 's', substring(stream_id from position('-' in stream_id) + 1), stream_id, stream_version, type, type, data, 'ui', 'bench', recorded_at, (data->>'bankId')::int
     from events where metadata->>'userId' = ?`,
    [userId, userId],
  );
  return { contactIds, taskIds, certs };
}

/**
 * The figures are of a server in its steady state, not of its first seconds: V8 optimises a route's
 * code over its first thousands of requests (in a trial, History's p95 at 32 connections fell from
 * 74 to 29 ms over its first 4,000). So every measured route is first asked 300 times with other
 * arguments: other records' histories, other filters and searches. No measured answer, and no
 * list total a measured page shares (totals are kept per filter), is computed by the warm-up.
 */
function warmUpPaths({ contactIds, taskIds, certs }: Seeded, measured: Set<string>): string[] {
  const list = (resource: string, filter: Record<string, unknown>, sort?: [string, 'ASC' | 'DESC']) =>
    `/api/data/${resource}?filter=${encodeURIComponent(JSON.stringify(filter))}${sort ? `&sort=${encodeURIComponent(JSON.stringify(sort))}` : ''}`;
  const times = (count: number, path: (index: number) => string) => Array.from({ length: count }, (_, index) => path(index));
  const histories = [...contactIds.map((id) => `/api/data/contacts/${id}/history`), ...taskIds.map((id) => `/api/data/tasks/${id}/history`)].filter((path) => !measured.has(path));
  const bank = (index: number) => certs[(index * 7) % certs.length];
  return [
    ...times(300, (index) => histories[(index * 104_729) % histories.length]),
    ...times(300, (index) => `${list('contacts', { isHotLead: index % 2 === 0 }, ['name', 'ASC'])}&range=${encodeURIComponent(`[${index * 25},${index * 25 + 24}]`)}`),
    ...times(300, (index) => list('contacts', { q: `warm ${index}`, bankId: bank(index) })),
    ...times(300, (index) => list('tasks', { bankId: bank(index), completed: true }, ['dueDate', 'ASC'])),
    ...times(300, (index) => list('banks', { q: `warm ${index}` })),
    ...times(300, (index) => list('templates', { q: `warm ${index}` }, ['name', 'ASC'])),
    ...times(300, (index) => list('sent-emails', { bankId: certs[100 + (index % Math.max(1, certs.length - 100))] })),
    ...times(300, (index) => `${list('activity', { resource: 'tasks' })}&range=${encodeURIComponent(`[${index * 25},${index * 25 + 24}]`)}`),
  ];
}

function importCsv(certs: number[], rows: number): string {
  const lines = ['Full name,Job title,Email,Cert'];
  for (let index = 0; index < rows; index += 1) lines.push(`Imported ${index},Treasurer,imported${index}@bench.example,${certs[index % certs.length]}`);
  return lines.join('\n');
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const served = await servedDatabase(engine);
    try {
      // A real account first (registered through the API), then its records written in bulk.
      const { registered, db, seeded, seedSeconds } = await seedSignedUpUser(served, seed);
      // The activity search index as the server's job leaves it once caught up (it indexes in the
      // background, after the events' transactions).
      const indexStarted = performance.now();
      await activitySearchWorker(db.knex, engine).drain();
      const indexSeconds = (performance.now() - indexStarted) / 1000;
      // Statistics as autovacuum (PostgreSQL) or the server's statistics job (the embedded engine,
      // at start) would have them after such a load; without them the planner takes the tables for tiny.
      // Autovacuum also vacuums a table after many inserts, which lets counts read an index alone.
      if (engine === 'pglite') await refreshStaleStatistics(db.knex);
      else await db.knex.raw('vacuum analyze');
      const [{ count }] = await db.knex('events').count<Array<{ count: string }>>('* as count');
      await db.close();

      const server = await served.serve();
      const { token } = registered;
      const figures: Record<string, FigureValue> = {
        [`seeded (${TARGETS} targets, ${CONTACTS.toLocaleString('en-US')} contacts, ${TASKS.toLocaleString('en-US')} tasks)`]: `${Number(count).toLocaleString('en-US')} events in ${seedSeconds.toFixed(0)} s`,
        'activity search index built from the seeded events (the background job, from empty)': `${indexSeconds.toFixed(1)} s`,
      };
      const pick = <T>(list: T[], n: number) => Array.from({ length: n }, (_, index) => list[(index * 7919) % list.length]);
      const histories = [...pick(seeded.contactIds, 300).map((id) => `/api/data/contacts/${id}/history`), ...pick(seeded.taskIds, 300).map((id) => `/api/data/tasks/${id}/history`)];
      const probe = await fetch(server.url + histories[0], { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) throw new Error(`History answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
      // Records whose History nobody opened yet: nothing cached to answer from.
      const opened = new Set(histories);
      const unopened = [...seeded.contactIds.map((id) => `/api/data/contacts/${id}/history`), ...seeded.taskIds.map((id) => `/api/data/tasks/${id}/history`)].filter((path) => !opened.has(path));
      const firstViews = pick(unopened, 600).filter((path, index, all) => all.indexOf(path) === index);
      await measureHttp(server.url, token, warmUpPaths(seeded, new Set([...histories, ...firstViews])), {}, 32);
      const floorPaths = Array.from({ length: 1000 }, () => '/api/services/fdic/quarters');
      figures['floor: a signed-in call (cached quarters), 32 connections'] = await measureHttp(server.url, token, floorPaths);
      /**
       * A list at 32 connections, beside the floor measured just before it: this machine's speed
       * drifts by a third from minute to minute, so a ratio of two figures taken minutes apart says little.
       */
      const besideFloor = async (name: string, paths: string[]) => {
        const floor = await measureLatency(server.url, token, floorPaths);
        const list = await measureLatency(server.url, token, paths);
        figures[`${name}, 32 connections`] = describeLatency(list);
        figures[`${name}: the floor's p95 just before`] = `${floor.p95.toFixed(1)} ms`;
        figures[`${name}: p95 / the floor's p95 just before`] = { value: list.p95 / floor.p95, unit: '×', anchor: { name: 'goal', value: 2 } };
        // The same requests again, nothing written between: each answer is now kept, so this tells
        // apart the first views (above, whose first requests wait for pages not yet computed) from a
        // list looked at again.
        const again = await measureLatency(server.url, token, paths);
        figures[`${name}, asked again: p95 / the floor's p95`] = { value: again.p95 / floor.p95, unit: '×', anchor: { name: 'goal', value: 2 } };
      };
      figures['History of a contact or task, one at a time'] = await measureHttp(server.url, token, histories, {}, 1);
      figures['History of a contact or task, 32 connections (seen before)'] = await measureHttp(server.url, token, histories);
      figures['History of a contact or task, 32 connections (first view)'] = await measureHttp(server.url, token, firstViews);
      await besideFloor('contacts list (sorted, page of 25)', Array.from({ length: 600 }, (_, index) => `/api/data/contacts?sort=${encodeURIComponent('["name","ASC"]')}&range=${encodeURIComponent(`[${(index % 40) * 25},${(index % 40) * 25 + 24}]`)}`));
      await besideFloor('contacts searched and filtered by bank', Array.from({ length: 600 }, (_, index) => `/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ q: `contact ${index % 90}`, bankId: seeded.certs[index % TARGETS] }))}`));
      await besideFloor('tasks of a bank, open first by due date', Array.from({ length: 600 }, (_, index) => `/api/data/tasks?filter=${encodeURIComponent(JSON.stringify({ bankId: seeded.certs[index % TARGETS], completed: false }))}&sort=${encodeURIComponent('["dueDate","ASC"]')}`));


      // Pages of 25 of a list: `count` requests over `pages` distinct pages (a screen paged back and forth).
      const paged = (path: string, pages: number, count = 600) =>
        Array.from({ length: count }, (_, index) => `${path}${path.includes('?') ? '&' : '?'}range=${encodeURIComponent(`[${(index % pages) * 25},${(index % pages) * 25 + 24}]`)}`);
      const sorted = (field: string, order = 'ASC') => `sort=${encodeURIComponent(JSON.stringify([field, order]))}`;
      const filtered = (filter: Record<string, unknown>) => `filter=${encodeURIComponent(JSON.stringify(filter))}`;
      // The feed opened once before, as by a user who has used the screen: its total is kept between
      // counts (list_totals) and from then on counted only from what was written since.
      for (const path of ['/api/data/activity', `/api/data/activity?${filtered({ resource: 'contacts' })}`]) {
        const opened = await fetch(server.url + path, { headers: { authorization: `Bearer ${token}` } });
        if (!opened.ok) throw new Error(`${path} answered ${opened.status}`);
      }
      await besideFloor('targets (Targets screen: newest first, with counts)', paged('/api/data/banks', 20));
      await besideFloor('targets searched by name', Array.from({ length: 600 }, (_, index) => `/api/data/banks?${filtered({ q: `bank ${900_000 + (index % 100)}` })}`));
      await besideFloor('templates sorted by name', paged(`/api/data/templates?${sorted('name')}`, 8));
      await besideFloor('sent emails newest first', paged('/api/data/sent-emails', 40));
      await besideFloor('sent emails of a bank', Array.from({ length: 600 }, (_, index) => `/api/data/sent-emails?${filtered({ bankId: seeded.certs[index % 100] })}`));
      await besideFloor('activity newest first', paged('/api/data/activity', 40));
      await besideFloor('activity of contacts', paged(`/api/data/activity?${filtered({ resource: 'contacts' })}`, 40));
      // A word in 2 % of the million rows, all of them old (the contacts' tags, set before any task):
      // the search index names its 20,000 rows, cuts the page among them and counts them in one pass.
      await besideFloor('activity searched, a word in 2 % of the rows, all old', paged(`/api/data/activity?${filtered({ q: 'TagsChanged' })}`, 8));

      // After a write every answer of the user is computed afresh: a task completed or reopened, then
      // the feed's first page, one at a time (the total then counts only the rows written since).
      const afterWrite: number[] = [];
      const headers = { 'content-type': 'application/json', authorization: `Bearer ${token}` };
      for (let index = 0; index < 60; index += 1) {
        const written = await fetch(`${server.url}/api/data/tasks/${seeded.taskIds[index]}/completion`, { method: 'PUT', headers, body: JSON.stringify({ completed: index % 2 === 0 }) });
        if (!written.ok) throw new Error(`Completing a task answered ${written.status}`);
        const started = performance.now();
        const feed = await fetch(`${server.url}/api/data/activity`, { headers });
        await feed.text();
        afterWrite.push(performance.now() - started);
      }
      afterWrite.sort((a, b) => a - b);
      figures['activity first page right after a write, one at a time'] = `p50 ${percentile(afterWrite, 50).toFixed(1)} ms  p95 ${percentile(afterWrite, 95).toFixed(1)} ms`;

      const csv = importCsv(seeded.certs, 10_000);
      const importStarted = performance.now();
      const imported = await fetch(`${server.url}/api/data/contacts/import`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
        body: JSON.stringify({ csv, mapping: { name: 'Full name', title: 'Job title', email: 'Email', bankId: 'Cert' }, skipInvalid: false }),
      });
      const importSeconds = (performance.now() - importStarted) / 1000;
      const answer = (await imported.json()) as { imported?: number; message?: string };
      figures['contact CSV import, 10,000 rows over HTTP'] = imported.ok ? `${importSeconds.toFixed(1)} s (${answer.imported} imported)` : `failed: ${imported.status} ${answer.message ?? ''}`;
      report(`outreach at scale over HTTP (${engine})`, figures);
      await server.stop();
    } finally {
      await served.drop();
    }
  }
}
