import { expect } from 'chai';
import { loadDemoData } from '../../backend/src/regulator/demo/load.ts';
import { withOutreachApp, type TestApp } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';
import { insureBanks } from '../support/insured-banks.ts';

/** Banks FDIC lists (without figures), for the users who add contacts of them without tracking them. */
const insured = [{ cert: 502, name: 'Beta Savings Bank' }, { cert: 503, name: 'Gamma Trust Company' }];

describeWithDatabase('outreach lists, history and activity', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let contactId: string;
  let demoCert: number;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started));
  before(async () => {
    const post = (resource: string, body: unknown) => app.request(`/api/data/${resource}`, { method: 'POST', token, body });
    await post('banks', { cert: 501, name: 'Alpha Bank', city: 'Springfield', state: 'IL' });
    await post('banks', { cert: 502, name: 'Beta Savings', city: 'Denver', state: 'CO' });
    await insureBanks(context.db.knex, insured);
    contactId = (await post('contacts', { bankId: 501, name: 'Jane Doe', title: 'CFO', email: 'jane@alpha.com', isHotLead: true })).body.id;
    await post('contacts', { bankId: 501, name: 'Bob Roe', title: 'CEO' });
    await app.request(`/api/data/contacts/${contactId}/verification`, { method: 'PUT', token, body: { result: 'risky', score: 55 } });
    await post('tasks', { text: 'Call Jane', dueDate: '2020-01-10', bankId: 501 });
    await post('tasks', { text: 'Send deck', dueDate: '2099-03-01', bankId: 501 });
    await post('tasks', { text: 'Visit Denver', dueDate: '2099-04-01', bankId: 502, completed: true });
  });

  const list = async (resource: string, filter: Record<string, unknown>, sort?: [string, string], auth = token) => {
    const query = new URLSearchParams({ filter: JSON.stringify(filter), range: '[0,49]', ...(sort ? { sort: JSON.stringify(sort) } : {}) });
    return app.request(`/api/data/${resource}?${query}`, { token: auth });
  };

  describe('targets list', () => {
    it('carries the contact, hot-contact and open-task counts the cards show, and sorts by them', async () => {
      const response = await list('banks', {}, ['contactCount', 'DESC']);
      expect(response.body.map((bank: any) => [bank.cert, bank.contactCount, bank.hotContactCount, bank.openTaskCount])).to.deep.equal([
        [501, 2, 1, 2],
        [502, 0, 0, 0],
      ]);
    });

    it('carries the counts on every page in the default order (newest first) and on one bank, and the total on any page first asked', async () => {
      // A filter no other test asks for: its total is not known yet when the second page is asked first.
      const page = (range: string) => app.request(`/api/data/banks?range=${encodeURIComponent(range)}&filter=${encodeURIComponent('{"isTarget":true}')}`, { token });
      const counts = (bank: any) => [bank.cert, bank.contactCount, bank.hotContactCount, bank.openTaskCount];
      const second = await page('[1,1]');
      expect(second.headers.get('content-range')).to.equal('banks 1-1/2');
      expect(second.body.map(counts)).to.deep.equal([[501, 2, 1, 2]]);
      expect((await page('[0,0]')).body.map(counts)).to.deep.equal([[502, 0, 0, 0]]);
      expect(counts((await app.request('/api/data/banks/501', { token })).body)).to.deep.equal([501, 2, 1, 2]);
    });

    it('filters by state, by having contacts or hot leads, and searches name and city', async () => {
      expect((await list('banks', { state: 'CO' })).body.map((bank: any) => bank.cert)).to.deep.equal([502]);
      expect((await list('banks', { hasContacts: false })).body.map((bank: any) => bank.cert)).to.deep.equal([502]);
      expect((await list('banks', { hasHotLeads: true })).body.map((bank: any) => bank.cert)).to.deep.equal([501]);
      expect((await list('banks', { q: 'denv' })).body.map((bank: any) => bank.cert)).to.deep.equal([502]);
      expect((await list('banks', { hasContacts: 'maybe' })).status).to.equal(400);
    });
  });

  describe('contacts list', () => {
    it("names a contact's bank from the tracked bank once it is tracked, over the name FDIC gave it when added, in the list and alone", async () => {
      const { token: own } = await app.signUp('Tracker');
      // Added while the bank was not tracked, so the contact holds FDIC's name for it; tracked afterwards by another.
      const added = await app.request('/api/data/contacts', { method: 'POST', token: own, body: { bankId: 503, name: 'Gail Poe', title: 'COO' } });
      expect(added.body.bankName).to.equal('Gamma Trust Company');
      await app.request('/api/data/banks', { method: 'POST', token: own, body: { cert: 503, name: 'Gamma Trust', city: 'Reno', state: 'NV' } });
      expect((await list('contacts', {}, undefined, own)).body.map((contact: any) => contact.bankName)).to.deep.equal(['Gamma Trust']);
      expect((await app.request(`/api/data/contacts/${added.body.id}`, { token: own })).body.bankName).to.equal('Gamma Trust');
    });

    it("names a contact's bank by its tracked bank's current name after the bank is renamed", async () => {
      const { token: own } = await app.signUp('Renamer');
      await app.request('/api/data/banks', { method: 'POST', token: own, body: { cert: 506, name: 'Epsilon Bank', city: 'Reno', state: 'NV' } });
      const added = await app.request('/api/data/contacts', { method: 'POST', token: own, body: { bankId: 506, name: 'Hal Poe', title: 'CEO' } });
      expect(added.body.bankName).to.equal('Epsilon Bank');
      const renamed = await app.request('/api/data/banks/506', { method: 'PUT', token: own, body: { name: 'Epsilon Bank & Trust' } });
      expect(renamed.status, renamed.text).to.equal(200);
      expect((await list('contacts', {}, undefined, own)).body.map((contact: any) => contact.bankName)).to.deep.equal(['Epsilon Bank & Trust']);
      expect((await app.request(`/api/data/contacts/${added.body.id}`, { token: own })).body.bankName).to.equal('Epsilon Bank & Trust');
    });

    it('filters by verification result (none = never checked) and by having an email, and searches the bank name', async () => {
      expect((await list('contacts', { verification: 'risky' })).body.map((contact: any) => contact.name)).to.deep.equal(['Jane Doe']);
      expect((await list('contacts', { verification: ['none', 'deliverable'] })).body.map((contact: any) => contact.name)).to.deep.equal(['Bob Roe']);
      expect((await list('contacts', { hasEmail: false })).body.map((contact: any) => contact.name)).to.deep.equal(['Bob Roe']);
      expect((await list('contacts', { q: 'alpha bank' })).body).to.have.length(2);
      const sorted = await list('contacts', {}, ['verificationScore', 'DESC']);
      expect(sorted.body[0].name).to.equal('Jane Doe');
    });

    it('refuses an unknown verification result with 400', async () => {
      const response = await list('contacts', { verification: 'maybe' });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.match(/verification must be/);
    });

    it('sorts and searches names as people read them, case and accents aside', async () => {
      const { token: sorter } = await app.signUp('Sorter');
      await app.request('/api/data/banks', { method: 'POST', token: sorter, body: { cert: 504, name: 'Delta Bank', city: 'Austin', state: 'TX' } });
      for (const name of ['Zed Adams', 'alice Brown', 'Óscar Ávila', 'Émile Zola', 'Bob Roe']) {
        await app.request('/api/data/contacts', { method: 'POST', token: sorter, body: { bankId: 504, name, title: 'CFO' } });
      }
      const names = async (order: 'ASC' | 'DESC') => (await list('contacts', {}, ['name', order], sorter)).body.map((contact: any) => contact.name);
      expect(await names('ASC')).to.deep.equal(['alice Brown', 'Bob Roe', 'Émile Zola', 'Óscar Ávila', 'Zed Adams']);
      expect(await names('DESC')).to.deep.equal(['Zed Adams', 'Óscar Ávila', 'Émile Zola', 'Bob Roe', 'alice Brown']);
      const found = async (q: string) => (await list('contacts', { q }, ['name', 'ASC'], sorter)).body.map((contact: any) => contact.name);
      expect(await found('oscar avila')).to.deep.equal(['Óscar Ávila']);
      expect(await found('ÉMILE')).to.deep.equal(['Émile Zola']);
      expect(await found('ALICE')).to.deep.equal(['alice Brown']);
      expect(await found('a%')).to.deep.equal([]);
    });

    it('sorts and searches names of every Latin script without their accents: Vietnamese, Romanian, Polish, German', async () => {
      const { token: sorter } = await app.signUp('Sorter');
      await app.request('/api/data/banks', { method: 'POST', token: sorter, body: { cert: 504, name: 'Delta Bank', city: 'Austin', state: 'TX' } });
      for (const name of ['Zoë Smith', 'Ștefan Țurcanu', 'Nguyễn Thị Minh Khai', 'Hanna Weiß', 'Łucja Ørsted', 'Tran Ahn']) {
        await app.request('/api/data/contacts', { method: 'POST', token: sorter, body: { bankId: 504, name, title: 'CFO' } });
      }
      const names = (await list('contacts', {}, ['name', 'ASC'], sorter)).body.map((contact: any) => contact.name);
      expect(names).to.deep.equal(['Hanna Weiß', 'Łucja Ørsted', 'Nguyễn Thị Minh Khai', 'Ștefan Țurcanu', 'Tran Ahn', 'Zoë Smith']);
      const found = async (q: string) => (await list('contacts', { q }, ['name', 'ASC'], sorter)).body.map((contact: any) => contact.name);
      expect(await found('nguyen thi')).to.deep.equal(['Nguyễn Thị Minh Khai']);
      expect(await found('stefan')).to.deep.equal(['Ștefan Țurcanu']);
      expect(await found('weiss')).to.deep.equal(['Hanna Weiß']);
      expect(await found('orsted')).to.deep.equal(['Łucja Ørsted']);
      expect(await found('NGUYỄN')).to.deep.equal(['Nguyễn Thị Minh Khai']);
    });

    it("shows nothing of another user's records", async () => {
      expect((await list('contacts', {}, undefined, otherToken)).body).to.deep.equal([]);
      expect((await list('banks', {}, undefined, otherToken)).headers.get('content-range')).to.equal('banks 0-0/0');
    });
  });

  describe('tasks list', () => {
    it('filters by due date range, overdue and completion, and searches the bank name', async () => {
      expect((await list('tasks', { dueAfter: '2099-01-01', dueBefore: '2099-03-01' })).body.map((task: any) => task.text)).to.deep.equal(['Send deck']);
      expect((await list('tasks', { overdue: true })).body.map((task: any) => task.text)).to.deep.equal(['Call Jane']);
      expect((await list('tasks', { completed: true })).body.map((task: any) => task.text)).to.deep.equal(['Visit Denver']);
      expect((await list('tasks', { q: 'beta' })).body.map((task: any) => task.text)).to.deep.equal(['Visit Denver']);
      expect((await list('tasks', {}, ['bankName', 'DESC'])).body[0].bankName).to.equal('Beta Savings');
      expect((await list('tasks', { dueBefore: 'soon' })).status).to.equal(400);
      expect((await list('tasks', { dueBefore: '2026-02-30' })).status).to.equal(400);
    });

    it("judges overdue on the caller's calendar day when it names one: a task due that day is not yet overdue", async () => {
      const overdueOn = async (today: string) => (await list('tasks', { overdue: today })).body.map((task: any) => task.text);
      expect(await overdueOn('2020-01-10')).to.deep.equal([]);
      expect(await overdueOn('2020-01-11')).to.deep.equal(['Call Jane']);
      // A completed task is never overdue.
      expect(await overdueOn('2099-05-01')).to.deep.equal(['Call Jane', 'Send deck']);
      const refused = await list('tasks', { overdue: 'yesterday' });
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.equal('overdue must be true, false or your today as a date like 2026-12-31.');
    });
  });

  describe('history', () => {
    it("lists a record's events oldest first with who, source and what changed field by field", async () => {
      await app.request(`/api/data/contacts/${contactId}`, { method: 'PUT', token, body: { name: 'Jane Q. Doe', email: 'jq@alpha.com' } });
      const history = (await app.request(`/api/data/contacts/${contactId}/history`, { token })).body;
      expect(history.map((entry: any) => entry.type)).to.deep.equal(['ContactAdded', 'ContactMarkedHotLead', 'ContactEmailVerified', 'ContactRenamed', 'ContactEmailChanged']);
      expect(history[0]).to.include({ version: 1, source: 'api' });
      expect(history[0].user.name).to.equal('Owner');
      expect(history[0].changes).to.deep.include({ field: 'name', from: null, to: 'Jane Doe' });
      const [result, score, checkedAt, ...more] = history[2].changes;
      expect([result, score, ...more]).to.deep.equal([
        { field: 'verification.result', from: null, to: 'risky' },
        { field: 'verification.score', from: null, to: 55 },
      ]);
      // when the check was made, which a restored contact keeps
      expect(checkedAt).to.include({ field: 'verification.verifiedAt', from: null });
      expect(Date.parse(checkedAt.to)).to.be.closeTo(Date.parse(history[2].occurredAt), 5_000);
      expect(history[3]).to.deep.include({ summary: 'Renamed contact to "Jane Q. Doe"', changes: [{ field: 'name', from: 'Jane Doe', to: 'Jane Q. Doe' }] });
      // a new address forgets the old verification
      expect(history[4].changes).to.deep.include({ field: 'email', from: 'jane@alpha.com', to: 'jq@alpha.com' });
      expect(history[4].changes).to.deep.include({ field: 'verification.result', from: 'risky', to: null });
    });

    it('shows a restored contact, task, template or workflow coming back with no change to when it was added', async () => {
      // A user of their own: the other tests count this user's records and activity.
      const { token } = await app.signUp('Restorer');
      await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 504, name: 'Gamma Bank', city: 'Austin', state: 'TX' } });
      const created = {
        contacts: { bankId: 504, name: 'Restored Rita', title: 'COO' },
        tasks: { text: 'Restored call', dueDate: '2099-05-01', bankId: 504 },
        templates: { name: 'Restored template', subject: 'Hello', body: 'Hi,' },
        workflows: { name: 'Restored workflow', steps: [{ day: 1, type: 'LinkedIn Visit' }] },
      };
      for (const [resource, body] of Object.entries(created)) {
        const { id } = (await app.request(`/api/data/${resource}`, { method: 'POST', token, body })).body;
        await app.request(`/api/data/${resource}/${id}`, { method: 'DELETE', token });
        expect((await app.request(`/api/data/${resource}/${id}/restore`, { method: 'POST', token })).status, resource).to.equal(200);
        const restored = (await app.request(`/api/data/${resource}/${id}/history`, { token })).body.at(-1);
        expect(restored.type, resource).to.match(/Restored$/);
        expect(restored.changes, resource).to.deep.equal([{ field: 'status', from: 'deleted', to: 'active' }]);
      }
    });

    it("shows a tracked bank's details as its own fields and answers 404 for another user's record", async () => {
      await app.request('/api/data/banks/502/notes', { method: 'PUT', token, body: { notes: 'Met at the conference' } });
      const history = (await app.request('/api/data/banks/502/history', { token })).body;
      expect(history[0].changes).to.deep.include({ field: 'city', from: null, to: 'Denver' });
      expect(history.at(-1).changes).to.deep.equal([{ field: 'notes', from: '', to: 'Met at the conference' }]);
      expect((await app.request(`/api/data/contacts/${contactId}/history`, { token: otherToken })).status).to.equal(404);
      expect((await app.request('/api/data/banks/502/history', { token: otherToken })).status).to.equal(404);
    });
  });

  describe('activity', () => {
    it('reads each row as its event is worded now, a row written in older words too', async () => {
      const [task] = (await list('tasks', { q: 'Call Jane' })).body;
      await context.db.knex('activity').where({ record_id: task.id, event_type: 'TaskCreated' }).update({ summary: 'Created task "Call Jane" due 2020-01-10' });
      const rows = (await list('activity', { recordId: task.id, type: ['TaskCreated'] })).body;
      expect(rows.map((row: { summary: string }) => row.summary)).to.deep.equal(['Created task "Call Jane" due Jan 10, 2020']);
    });

    it('filters by record type, event type, date range and source, each row naming its record', async () => {
      const contacts = (await list('activity', { resource: 'contacts' })).body;
      expect(contacts.every((row: any) => row.resource === 'contacts' && row.recordId && row.correlationId)).to.equal(true);
      const renamed = (await list('activity', { type: ['ContactRenamed'] })).body;
      expect(renamed).to.have.length(1);
      expect(renamed[0]).to.include({ recordId: contactId, summary: 'Renamed contact to "Jane Q. Doe"' });
      const today = new Date().toISOString().slice(0, 10);
      expect((await list('activity', { since: today, until: today })).body.length).to.be.greaterThan(5);
      expect((await list('activity', { until: '2000-01-01' })).body).to.deep.equal([]);
      expect((await list('activity', { source: 'workflow' })).body).to.deep.equal([]);
    });

    it('answers the total of a filter first asked on a later page, and again after a write', async () => {
      const page = (range: string) => app.request(`/api/data/activity?range=${encodeURIComponent(range)}&filter=${encodeURIComponent('{"resource":"tasks"}')}`, { token });
      const tasks = (await list('activity', { resource: 'tasks' })).body.length;
      // Asked again on a later page after a write: the kept total plus the rows written since.
      await app.request('/api/data/tasks', { method: 'POST', token, body: { text: 'Counted', dueDate: '2099-05-01', bankId: 502 } });
      const later = await page('[1,1]');
      expect(later.headers.get('content-range')).to.equal(`activity 1-1/${tasks + 1}`);
      const total = async (filter: string) => (await app.request(`/api/data/activity?range=%5B3%2C3%5D&filter=${encodeURIComponent(filter)}`, { token })).headers.get('content-range');
      expect(await total('{"type":["TaskCreated"]}')).to.equal(`activity 3-3/4`);
    });

    it("counts a bank's timeline afresh: a record moved to the bank brings its earlier rows in", async () => {
      const { token: own } = await app.signUp('Mover');
      const timeline = async () => (await app.request(`/api/data/activity?filter=${encodeURIComponent('{"bankId":503}')}`, { token: own })).headers.get('content-range');
      const added = await app.request('/api/data/contacts', { method: 'POST', token: own, body: { bankId: 502, name: 'Max Moe', title: 'CFO' } });
      expect(await timeline()).to.equal('activity 0-0/0');
      const moved = await app.request(`/api/data/contacts/${added.body.id}`, { method: 'PUT', token: own, body: { bankId: 503 } });
      expect(moved.status).to.equal(200);
      expect(await timeline()).to.equal('activity 0-1/2');
    });

    it("gathers a bank's timeline: the bank, its contacts (all their events) and its tasks, nothing of other banks", async () => {
      const alpha = (await list('activity', { bankId: 501 })).body;
      const kinds = new Set(alpha.map((row: any) => row.resource));
      expect([...kinds].sort()).to.deep.equal(['banks', 'contacts', 'tasks']);
      expect(alpha.some((row: any) => row.type === 'ContactEmailVerified' && row.recordId === contactId)).to.equal(true);
      expect(alpha.some((row: any) => row.summary.includes('Visit Denver'))).to.equal(false);
      const beta = (await list('activity', { bankId: 502 })).body;
      expect(beta.every((row: any) => row.resource !== 'contacts')).to.equal(true);
      expect((await list('activity', { bankId: 'alpha' })).status).to.equal(400);
      expect((await list('activity', { bankId: 501 }, undefined, otherToken)).body).to.deep.equal([]);
    });

    it('refuses unknown record or event types, sources and malformed dates with 400', async () => {
      expect((await list('activity', { resource: 'planets' })).status).to.equal(400);
      expect((await list('activity', { type: 'ContactTeleported' })).body.message).to.match(/Unknown event type/);
      expect((await list('activity', { source: ['ui', 'robot'] })).body.message).to.equal('Unknown source: robot.');
      expect((await list('activity', { source: ['ui', 'workflow'] })).status).to.equal(200);
      expect((await list('activity', { since: 'yesterday' })).status).to.equal(400);
    });

    it('refuses a date range whose since is after its until with 400 on the filter, and takes a range of one day or moment', async () => {
      const message = 'since (From) is after until (Until): choose a From on or before the Until.';
      for (const filter of [
        { since: '2026-12-05', until: '2026-12-01' },
        { since: '2026-12-02T00:00:00.000Z', until: '2026-12-01' },
        { since: '2026-12-01T10:00:00.001Z', until: '2026-12-01T10:00:00.000Z' },
        { since: '2026-12-05', until: '2026-12-01', q: 'Jane' },
      ]) {
        const refused = await list('activity', filter);
        expect(refused.status, JSON.stringify(filter)).to.equal(400);
        expect(refused.body.message).to.equal(message);
        expect(refused.body.issues).to.deep.equal([{ path: 'filter.since', message }]);
      }
      for (const filter of [
        { since: '2026-12-01', until: '2026-12-01' },
        { since: '2026-12-01T23:59:59.999Z', until: '2026-12-01' },
        { since: '2026-12-01T10:00:00.000Z', until: '2026-12-01T10:00:00.000Z' },
        { since: '2026-12-05', until: '' },
      ]) {
        expect((await list('activity', filter)).status, JSON.stringify(filter)).to.equal(200);
      }
    });

    it('lists every record and event type for the filter choices', async () => {
      const types = (await app.request('/api/data/activity/types', { token })).body;
      expect(types).to.deep.include({ resource: 'contacts', type: 'ContactRenamed' });
      expect(types).to.deep.include({ resource: 'banks', type: 'BankTracked' });
    });
  });

  describe('the regulator mirror on a tracked bank', () => {
    let mirrorCerts: number[];
    before(async () => {
      await loadDemoData(context.db.knex, { banks: 3 });
      // the demo banks, with their figures
      mirrorCerts = (await context.db.knex('fdic_institutions').whereNotIn('cert', insured.map((bank) => bank.cert)).orderBy('cert').pluck('cert')) as number[];
      demoCert = mirrorCerts[0];
      // Tracked with a figure of its own (an older quarter's), so the newest figures are still to fetch.
      await app.request('/api/data/banks', { method: 'POST', token, body: { cert: demoCert, name: 'Demo Bank', assets: 1 } });
    });

    it('takes the details and newest figures a tracking leaves out from the mirror, keeping what the body sends', async () => {
      const mirrored = await context.db.knex('fdic_institutions').where({ cert: mirrorCerts[1] }).first('city', 'state');
      const byName = await app.request('/api/data/banks', { method: 'POST', token, body: { cert: mirrorCerts[1], name: 'Named Only' } });
      expect(byName.status).to.equal(201);
      expect(byName.body).to.include({ name: 'Named Only', version: 1 });
      expect(byName.body).to.include({ city: mirrored.city, state: mirrored.state });
      expect(byName.body.assets).to.be.a('number');
      expect(byName.body.repdte).to.match(/^\d{8}$/);

      const withOwn = await app.request('/api/data/banks', { method: 'POST', token, body: { cert: mirrorCerts[2], name: 'Own City', city: 'Gotham', roa: 9.9 } });
      expect(withOwn.body).to.include({ city: 'Gotham', roa: 9.9 });
      expect(withOwn.body.state).to.be.a('string');
      expect(withOwn.body.assets, 'figures of one quarter are not mixed with the mirror').to.equal(undefined);
    });

    it("saves the newest quarter's figures on the tracked bank as an event, once", async () => {
      const response = await app.request(`/api/data/banks/${demoCert}/key-financials`, { method: 'POST', token });
      expect(response.status).to.equal(200);
      expect(response.body.assets).to.be.a('number');
      expect(response.body).to.have.property('thirtyNinetyPD');
      expect(response.body.version).to.equal(2);
      const again = await app.request(`/api/data/banks/${demoCert}/key-financials`, { method: 'POST', token });
      expect(again.body.version).to.equal(2);
      const history = (await app.request(`/api/data/banks/${demoCert}/history`, { token })).body;
      expect(history.at(-1).type).to.equal('BankSnapshotRefreshed');
    });

    it('answers 404 for a bank the user does not track and for one the mirror has no figures of', async () => {
      expect((await app.request(`/api/data/banks/${demoCert}/key-financials`, { method: 'POST', token: otherToken })).status).to.equal(404);
      const missing = await app.request('/api/data/banks/501/key-financials', { method: 'POST', token });
      expect(missing.status).to.equal(404);
      expect(missing.body.message).to.equal('Financials data not available for the selected quarter.');
    });
  });
});
