import { randomUUID } from 'node:crypto';
import { exampleValues, placeholderCatalogue, renderTemplate } from '../domain/placeholders/index.ts';
import { createEventStore } from '../backend/src/compose.ts';
import { createDispatcher } from '../backend/src/mail/dispatcher.ts';
import { createOutbox } from '../backend/src/mail/outbox.ts';
import { transportFinder } from '../backend/src/mail/transports.ts';
import type { Engine } from '../backend/src/db/database.ts';
import { loadDemoData } from '../backend/src/regulator/demo/load.ts';
import { SmtpSink } from '../test/doubles/smtp-sink.ts';
import { benchDatabase, benchEngines, servedDatabase } from './engines.ts';
import { measureHttp } from './http-load.ts';
import type { Report } from './run.ts';

/**
 * Issue 17's figures: placeholder renders per second, the outbox dispatcher draining 1,000 queued
 * emails to a local SMTP server (one dispatcher, then two racing: each email must arrive once), and
 * the public API's latency at 32 concurrent connections beside the floor of a trivial signed-in call.
 */

async function renders(report: Report) {
  const names = placeholderCatalogue.flatMap((group) => group.placeholders.map((placeholder) => placeholder.name)).slice(0, 40);
  const template = `Hi {{contactFirstName}},\n\n${names.map((name, index) => `${index % 2 ? name.toUpperCase() : name}: {{${index % 2 ? name.toUpperCase() : name}}}`).join('\n')}\n\n{{senderName}}`;
  const values = exampleValues();
  for (let warm = 0; warm < 2000; warm += 1) renderTemplate(template, values);
  const count = 20_000;
  const started = performance.now();
  for (let index = 0; index < count; index += 1) renderTemplate(template, { ...values, bankName: `Bank ${index}` });
  const seconds = (performance.now() - started) / 1000;
  report('placeholder engine', { 'renders of a 40-placeholder template (one process)': `${Math.round(count / seconds)} renders/s` });
}

/**
 * The dispatcher as the app runs it (its default batch and concurrency, the SMTP transport found
 * through SMTP_URL with its default pool): 1,000 queued emails with one dispatcher, then 1,000 with
 * two racing, on each engine.
 */
async function dispatcher(report: Report, engine: Engine) {
  const sink = await new SmtpSink().start();
  const db = await benchDatabase(engine);
  const eventStore = await createEventStore(db.knex, undefined);
  const userId = randomUUID();
  await db.knex('users').insert({ id: userId, name: 'Bench Sender', email: 'bench@charterline.example', password_hash: 'x' });
  // Each dispatcher process has its own transports (and SMTP pool).
  const finders = [transportFinder({ smtpUrl: sink.url }, async () => null), transportFinder({ smtpUrl: sink.url }, async () => null)];
  const outbox = createOutbox({ knex: db.knex, eventStore, transportFor: finders[0] });
  const queue = async (label: string, count: number) => {
    const ids: string[] = [];
    for (let index = 0; index < count; index += 1) ids.push((await outbox.queue({ userId, to: `contact${index}@bank.example`, subject: `${label} ${index}`, body: `Hello ${index},\n\nBest,` })).id);
    return ids;
  };
  const figures: Record<string, string> = {};

  const single = await queue('Single', 1000);
  let started = performance.now();
  await createDispatcher({ knex: db.knex, eventStore, transportFor: finders[0] }).drain();
  figures['1,000 queued emails to local SMTP, one dispatcher'] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  figures['  each received exactly once'] = String(single.every((id) => sink.count(id) === 1));

  const raced = await queue('Raced', 1000);
  started = performance.now();
  await Promise.all(finders.map((transportFor) => createDispatcher({ knex: db.knex, eventStore, transportFor }).drain()));
  figures['1,000 queued emails, two dispatchers racing'] = `${((performance.now() - started) / 1000).toFixed(1)} s`;
  const counts = raced.map((id) => sink.count(id));
  figures['  received once / twice / never'] = `${counts.filter((n) => n === 1).length} / ${counts.filter((n) => n > 1).length} / ${counts.filter((n) => n === 0).length}`;
  report(`mail outbox (${engine})`, figures);
  for (const finder of finders) await finder.close();
  await eventStore.close();
  await db.close();
  await sink.stop();
}

async function publicApi(report: Report, engine: Engine) {
  const served = await servedDatabase(engine);
  const db = await served.open();
  await loadDemoData(db.knex, { banks: 120 });
  const certs = (await db.knex('fdic_institutions').orderBy('cert').limit(60).select('cert')).map((row: { cert: number }) => row.cert);
  await db.close();
  process.env.PUBLIC_API_RATE_LIMIT = '10000000';
  const server = await served.serve();
  try {
    const post = async (path: string, body: unknown, token?: string) => {
      const response = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) }, body: JSON.stringify(body) });
      return response.json() as Promise<Record<string, any>>;
    };
    const { token } = await post('/api/auth/register', { name: 'Bench', email: `bench-${Date.now()}@bench.local`, password: 'correct horse battery' });
    for (const cert of certs) await post('/api/data/banks', { cert, name: `Bank ${cert}` }, token);
    const { key } = await post('/api/data/api-keys', { name: 'bench' }, token);
    const headers = { 'X-API-Key': key };
    const requests = 3000;
    const lists = Array.from({ length: requests }, (_, index) => `/api/public/banks?page=${(index % 3) + 1}&limit=25`);
    const singles = Array.from({ length: requests }, (_, index) => `/api/public/banks/${certs[(index * 7) % certs.length]}`);
    await measureHttp(server.url, token, lists, headers); // warm-up
    await measureHttp(server.url, token, singles, headers);
    const figures: Record<string, string> = {};
    figures['floor: a signed-in call answering a cached list of quarters'] = await measureHttp(server.url, token, Array.from({ length: requests }, () => '/api/services/fdic/quarters'));
    figures['public API: list of targets (25 per page)'] = await measureHttp(server.url, token, lists, headers);
    figures['public API: one target bank'] = await measureHttp(server.url, token, singles, headers);
    report(`public API over HTTP, 32 concurrent connections (${engine})`, figures);
  } finally {
    await server.stop();
    await served.drop();
  }
}

export async function run(report: Report): Promise<void> {
  await renders(report);
  for (const engine of benchEngines) await dispatcher(report, engine);
  for (const engine of benchEngines) await publicApi(report, engine);
}
