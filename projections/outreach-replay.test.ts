import { expect } from 'chai';
import type { Knex } from 'knex';
import { toRecordedEvent } from '../backend/src/eventstore/postgres.ts';
import { revealPersonalData } from '../backend/src/privacy/personal-data.ts';
import { describeWithDatabase } from '../test/support/database.ts';
import { startTestApp, type TestApp } from '../test/support/app.ts';
import { contactsProjection } from './contacts.ts';
import type { Projection } from './projection.ts';
import { targetsProjection } from './targets.ts';

/** Sends one API call and fails the test at once if it is refused. */
async function call(app: TestApp, token: string, method: string, path: string, body?: unknown) {
  const response = await app.request(path, { method, token, body });
  if (response.status >= 300) throw new Error(`${method} ${path} answered ${response.status}: ${response.text}`);
  return response.body;
}

/** Commands that exercise every event a projection handles, including removal and re-adding. */
const scenarios: Array<{ projection: Projection; run(app: TestApp, token: string): Promise<void> }> = [
  {
    projection: targetsProjection,
    async run(app, token) {
      const banks = (method: string, path: string, body?: unknown) => call(app, token, method, `/api/data/banks${path}`, body);
      await banks('POST', '', { cert: 628, name: 'First Example Bank', city: 'Springfield', assets: 1_000_000, roa: 1.1 });
      await banks('POST', '', { cert: 3511, name: 'Harbor Savings', assets: 2_000_000 });
      await banks('PUT', '/628/financials', { assets: 1_500_000, thirtyNinetyPD: 20_000, city: 'Chicago' });
      await banks('PUT', '/628/notes', { notes: 'Met the CFO', isTarget: false });
      await banks('PUT', '/628/tags', { tags: ['CRE', 'Q1'] });
      await banks('PUT', '/628/linkedin-company-url', { linkedinCompanyUrl: 'linkedin.com/company/first-example' });
      await banks('DELETE', '/628');
      await banks('PUT', '/628/target', { isTarget: true });
      await banks('DELETE', '/3511/tracking');
      await banks('POST', '', { cert: 3511, name: 'Harbor Savings', deposits: 900_000 });
    },
  },
  {
    projection: contactsProjection,
    async run(app, token) {
      const contacts = (method: string, path: string, body?: unknown) => call(app, token, method, `/api/data/contacts${path}`, body);
      const jane = await contacts('POST', '', { bankId: 628, name: 'Jane Doe', title: 'CFO', email: 'jane@bank.com', tags: ['CRE'] });
      const sam = await contacts('POST', '', { bankId: 628, name: 'Sam Lee', title: 'CEO', isHotLead: true });
      await contacts('PUT', `/${jane.id}/verification`, { result: 'deliverable', score: 97 });
      await contacts('PUT', `/${jane.id}`, { ...jane, name: 'Jane Q. Doe', title: 'Treasurer', email: 'jq@bank.com', linkedinUrl: 'linkedin.com/in/jq', tags: [], bankId: 3511 });
      await contacts('PUT', '/toggle-hot-lead/3511', { setAsHot: true });
      await contacts('PUT', `/${jane.id}/hot-lead`, { isHotLead: false });
      await contacts('DELETE', `/${sam.id}`);
    },
  },
];

const tableRows = async (knex: Knex, table: string) => (await knex(table).select('*')).map((row) => JSON.stringify(row)).sort();

describeWithDatabase('outreach projections applied twice', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Owner')).token;
  });
  after(async () => app.stop());

  for (const { projection, run } of scenarios) {
    it(`${projection.name}: every event applied twice in a row gives the same rows as the live projection`, async () => {
      await run(app, token);
      const [table] = projection.tables;
      const live = await tableRows(context.db.knex, table);
      expect(live.length).to.be.greaterThan(0);
      await context.db.knex.transaction(async (trx) => {
        await trx(table).delete();
        const events = await trx('events').whereIn('type', projection.handles).orderBy('global_position');
        for (const event of await revealPersonalData(events.map(toRecordedEvent), trx)) {
          await projection.apply(event, trx);
          await projection.apply(event, trx);
        }
      });
      expect(await tableRows(context.db.knex, table)).to.deep.equal(live);
    });
  }
});
