import { randomUUID } from 'node:crypto';
import type { Knex } from 'knex';
import { refreshStaleStatistics } from '../backend/src/db/statistics.ts';
import { benchEngines, seedSignedUpUser, servedDatabase } from './engines.ts';
import { describeLatency, measureLatency } from './http-load.ts';
import type { FigureValue, Report } from './run.ts';

/**
 * The Contacts list's search (`q`) at one busy user's scale: 50,000 contacts at 4,000 tracked banks,
 * a tenth of the banks renamed since their contacts were added (the list finds a contact by its
 * bank's current name, looked up among the user's targets, as well as by name, email and title).
 * Figures, over HTTP, one request at a time as a person typing waits for them: the search by a
 * contact's surname beside the search by a word of the bank's current name, by a renamed bank's new
 * name, and the unsearched first page, each over different terms.
 */
// CONTACTS_SEARCH_SCALE (e.g. 0.1) shrinks the counts for a quick look.
const scale = Number(process.env.CONTACTS_SEARCH_SCALE ?? 1);
const BANKS = Math.round(4_000 * scale);
const CONTACTS = Math.round(50_000 * scale);
const CHUNK = 2_000;
const requests = 200;
/** A search reads every contact of the user (see FIGURES.md, thirty-third session): fewer of them, or a run takes most of an hour. */
const searches = Number(process.env.CONTACTS_SEARCH_REQUESTS ?? 20);

const firstNames = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda', 'David', 'Elizabeth', 'William', 'Barbara', 'Richard', 'Susan', 'Joseph', 'Jessica', 'Thomas', 'Sarah', 'Carlos', 'Karen', 'Ngozi', 'Wei', 'Priya', 'José'];
/** 500 surnames: each is on about 100 of the 50,000 contacts. */
const surnames = Array.from({ length: 500 }, (_, index) => `${['Okafor', 'Smith', 'Nguyen', 'García', 'Johnson', 'Kowalski', 'Brown', 'Patel', 'Miller', 'Davis'][index % 10]}${index >= 10 ? String.fromCharCode(97 + (index % 26)) + String.fromCharCode(97 + ((index * 7) % 26)) : ''}`);
/** 400 words banks are named after: each names about 10 of the 4,000 banks. */
const bankWords = Array.from({ length: 400 }, (_, index) => `${['Pinewood', 'Harbor', 'Prairie', 'Summit', 'Riverbend', 'Cedar', 'Heritage', 'Frontier', 'Lakeside', 'Granite'][index % 10]}${index >= 10 ? String.fromCharCode(97 + (index % 26)) + String.fromCharCode(97 + ((index * 11) % 26)) : ''}`);
const bankKinds = ['State Bank', 'National Bank', 'Savings Bank', 'Bank & Trust', 'Community Bank'];
const titles = ['CFO', 'CEO', 'Chief Credit Officer', 'Treasurer', 'VP Lending', 'Controller'];

const bankName = (index: number) => `${bankWords[index % bankWords.length]} ${bankKinds[index % bankKinds.length]}`;
/** A renamed bank's name now: a word no bank had before. */
const renamedName = (index: number) => `Newname${index}x ${bankKinds[index % bankKinds.length]}`;
const isRenamed = (index: number) => index % 10 === 0;

async function insertChunks(knex: Knex, table: string, rows: Array<Record<string, unknown>>) {
  for (let start = 0; start < rows.length; start += CHUNK) await knex(table).insert(rows.slice(start, start + CHUNK));
}

async function seed(knex: Knex, userId: string) {
  const now = Date.now();
  const certs = Array.from({ length: BANKS }, (_, index) => 100_000 + index);
  await knex.raw(
    `insert into fdic_institutions (cert, name, city, state, active) select cert, 'Regulator Bank ' || cert, 'Springfield', 'IL', true from generate_series(?::int, ?::int) cert`,
    [certs[0], certs[certs.length - 1]],
  );
  await insertChunks(
    knex,
    'targets',
    certs.map((cert, index) => ({ cert, user_id: userId, version: 1, created_at: new Date(now), updated_at: new Date(now), name: isRenamed(index) ? renamedName(index) : bankName(index), city: 'Springfield', state: 'IL', targeted_at: new Date(now) })),
  );
  await insertChunks(
    knex,
    'contacts',
    Array.from({ length: CONTACTS }, (_, index) => {
      const bank = (index * 7_919) % BANKS;
      const first = firstNames[index % firstNames.length];
      const surname = surnames[Math.floor(index / firstNames.length) % surnames.length];
      const at = new Date(now - index * 60_000);
      return {
        id: randomUUID(),
        user_id: userId,
        version: 1,
        created_at: at,
        updated_at: at,
        bank_id: certs[bank],
        // Saved when the contact was added: the bank's name then.
        bank_name: bankName(bank),
        name: `${first} ${surname}`,
        title: titles[index % titles.length],
        email: `${first.toLowerCase()}.${surname.toLowerCase()}${index}@mail${bank}.example`,
      };
    }),
  );
}

export async function run(report: Report): Promise<void> {
  for (const engine of benchEngines) {
    const served = await servedDatabase(engine);
    try {
      const { registered, db, seedSeconds } = await seedSignedUpUser(served, seed);
      // Statistics as the server's job (PGlite, at start) or autovacuum (PostgreSQL) would have them.
      if (engine === 'pglite') await refreshStaleStatistics(db.knex);
      else await db.knex.raw('vacuum analyze');
      await db.close();

      const server = await served.serve();
      const { token } = registered;
      const searched = (q: string) => `/api/data/contacts?filter=${encodeURIComponent(JSON.stringify({ q }))}`;
      const terms = (count: number, term: (index: number) => string) => Array.from({ length: count }, (_, index) => searched(term(index)));
      const probe = await fetch(server.url + searched(bankWords[1]), { headers: { authorization: `Bearer ${token}` } });
      if (!probe.ok) throw new Error(`The contacts search answered ${probe.status}: ${(await probe.text()).slice(0, 300)}`);
      // A new name only the bank's current name holds: the search must find its contacts.
      const renamedHits = (await (await fetch(server.url + searched(renamedName(10)), { headers: { authorization: `Bearer ${token}` } })).json()) as unknown[];
      if (renamedHits.length === 0) throw new Error("The search by a renamed bank's new name found nothing.");
      // Warm-up (the server's code optimised) with terms not measured after.
      await measureLatency(server.url, token, [...terms(10, (index) => surnames[(index * 3) % surnames.length].slice(0, 4) + 'x'), ...terms(10, (index) => `warm ${index}`)], {}, 2);

      const figures: Record<string, FigureValue> = {
        scale: `${CONTACTS.toLocaleString('en-US')} contacts at ${BANKS.toLocaleString('en-US')} banks (${Math.round(BANKS / 10)} renamed), seeded in ${seedSeconds.toFixed(0)} s`,
      };
      const oneAtATime = async (name: string, paths: string[]) => {
        figures[`${name}, one at a time`] = describeLatency(await measureLatency(server.url, token, paths, {}, 1));
      };
      await oneAtATime('floor: a signed-in call (cached quarters)', Array.from({ length: requests }, () => '/api/services/fdic/quarters'));
      await oneAtATime('contacts, first page unsearched', Array.from({ length: requests }, (_, index) => `/api/data/contacts?range=${encodeURIComponent(`[${index * 25},${index * 25 + 24}]`)}`));
      await oneAtATime("searched by a contact's surname (about 100 contacts each)", terms(searches, (index) => surnames[(index * 7) % surnames.length]));
      await oneAtATime("searched by a word of the bank's current name (about 125 contacts each)", terms(searches, (index) => bankWords[(index * 3) % bankWords.length]));
      await oneAtATime("searched by a renamed bank's new name (about 12 contacts each)", terms(searches, (index) => renamedName(((index + 1) * 10) % BANKS)));
      await oneAtATime('searched by a word nothing holds', terms(searches, (index) => `zzq${index}`));
      report(`contacts search by bank name over HTTP (${engine})`, figures);
      await server.stop();
    } finally {
      await served.drop();
    }
  }
}
