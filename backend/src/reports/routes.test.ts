import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { reportStateAsOf } from './replay.ts';
import { reports, weekOf } from './reports.ts';
import { foldReportEvent, initialReportState, serialiseReportState } from './state.ts';
import { toRecordedEvent } from '../eventstore/postgres.ts';
import { revealPersonalData } from '../privacy/personal-data.ts';
import { EventStoreDbDouble } from '../../../test/doubles/eventstoredb-double.ts';

const pause = () => new Promise((resolve) => setTimeout(resolve, 20));

// With EVENTSTORE_URL the events live in EventStoreDB (its protocol double) and the events table stays empty.
for (const eventStore of ['postgres', 'eventstoredb'] as const) describeWithDatabase(`as-of reports (${eventStore} events)`, (context) => {
  const double = new EventStoreDbDouble();
  let app: TestApp;
  let token: string;
  let userId: string;
  let janeId: string;
  let beforeEdit: string;
  before(async () => {
    app = await startTestApp(context.db, { config: { eventStoreUrl: eventStore === 'eventstoredb' ? (await double.start()).url : undefined } });
    const signedUp = await app.signUp('Analyst');
    token = signedUp.token;
    userId = signedUp.user.id;
    const post = (resource: string, body: unknown) => app.request(`/api/data/${resource}`, { method: 'POST', token, body });
    await post('banks', { cert: 701, name: 'Gamma Bank', city: 'Austin', state: 'TX' });
    await post('banks', { cert: 702, name: 'Delta Trust', city: 'Boise', state: 'ID' });
    janeId = (await post('contacts', { bankId: 701, name: 'Jane Roe', title: 'CFO', email: 'jane@gamma.example', isHotLead: true })).body.id;
    const bob = (await post('contacts', { bankId: 702, name: 'Bob Poe', title: 'CEO' })).body.id;
    await post('sent-emails', { contactId: janeId, bankId: 701, recipientName: 'Jane Roe', recipientEmail: 'jane@gamma.example', subject: 'Hello', body: 'Hi Jane', sentAt: '2026-11-03T10:00:00Z' });
    await post('sent-emails', { contactId: janeId, bankId: 701, recipientEmail: 'jane@gamma.example', subject: 'Again', body: 'Hi again', sentAt: '2026-11-11T10:00:00Z' });
    // Sunday 15 November, 22:00 in New York: already Monday on the server's clock.
    await post('sent-emails', { contactId: janeId, bankId: 701, recipientEmail: 'jane@gamma.example', subject: 'Late on Sunday', body: 'Hi', sentAt: '2026-11-16T03:00:00Z' });
    const callBob = (await post('tasks', { text: 'Call Bob', dueDate: '2026-12-01', bankId: 702, completed: true })).body.id;
    // a completed task deleted and restored counts as completed again
    await app.request(`/api/data/tasks/${callBob}`, { method: 'DELETE', token });
    await post(`tasks/${callBob}/restore`, undefined);
    await post('tasks', { text: 'Send deck', dueDate: '2026-12-02', bankId: 701 });
    await app.request(`/api/data/contacts/${bob}`, { method: 'DELETE', token });
    await pause();
    beforeEdit = new Date().toISOString();
    await pause();
    await app.request(`/api/data/contacts/${janeId}`, { method: 'PUT', token, body: { name: 'Jane Q. Roe', isHotLead: false } });
    await app.request('/api/data/banks/702', { method: 'DELETE', token });
  });
  after(async () => {
    await app.stop();
    await double.stop();
  });

  const report = async (name: string, asOf?: string, timeZone?: string) => {
    const query = new URLSearchParams({ ...(asOf ? { asOf } : {}), ...(timeZone ? { timeZone } : {}) });
    const response = await app.request(`/api/reports/${name}?${query}`, { token });
    expect(response.status, response.text).to.equal(200);
    return response.body.rows;
  };

  /** The weeks something happened in: a series also holds every quiet week since its first, as 0. */
  const busyWeeks = (rows: Array<{ week: string; count: number }>) => rows.filter((row) => row.count > 0);

  it('at "now" equals the live read tables: targets, contacts, emails and completed tasks', async () => {
    const { knex } = context.db;
    const targets = await knex('targets').where('user_id', userId).orderBy('name');
    expect((await report('targets')).map((row: any) => [row.cert, row.name, row.isTarget])).to.deep.equal(targets.map((row) => [row.cert, row.name, row.is_target]));
    const contacts = await knex('contacts').where('user_id', userId).orderBy('name');
    expect((await report('contacts')).map((row: any) => [row.id, row.name, row.email, row.isHotLead])).to.deep.equal(contacts.map((row) => [row.id, row.name, row.email, row.is_hot_lead]));
    const sent = await knex('sent_emails').where({ user_id: userId, status: 'sent' });
    const weeks = new Map<string, number>();
    for (const row of sent) weeks.set(weekOf(new Date(row.sent_at).toISOString()), (weeks.get(weekOf(new Date(row.sent_at).toISOString())) ?? 0) + 1);
    expect(busyWeeks(await report('emails-per-week'))).to.deep.equal([...weeks].sort().map(([week, count]) => ({ week, count })));
    const completed = await knex('tasks').where({ user_id: userId, completed: true });
    expect((await report('tasks-per-week')).reduce((sum: number, row: any) => sum + row.count, 0)).to.equal(completed.length);
    const hot = await knex('contacts').where({ user_id: userId, is_hot_lead: true }).count({ count: '*' });
    expect((await report('funnel')).find((row: any) => row.stage === 'Hot').count).to.equal(Number(hot[0].count));
  });

  it('before an edit shows the records as they were, after it as they are', async () => {
    const before = await report('contacts', beforeEdit);
    expect(before.map((row: any) => [row.name, row.isHotLead])).to.deep.equal([['Jane Roe', true]]);
    const now = await report('contacts');
    expect(now.map((row: any) => [row.name, row.isHotLead])).to.deep.equal([['Jane Q. Roe', false]]);
    expect((await report('targets', beforeEdit)).map((row: any) => [row.cert, row.isTarget])).to.deep.equal([[702, true], [701, true]]);
    expect((await report('targets')).map((row: any) => [row.cert, row.isTarget])).to.deep.equal([[702, false], [701, true]]);
    expect(await report('funnel', beforeEdit)).to.deep.equal([
      { stage: 'Contacts', count: 1 },
      { stage: 'Emailed', count: 1 },
      { stage: 'Replied', count: 0 },
      { stage: 'Hot', count: 1 },
    ]);
    expect((await report('funnel')).find((row: any) => row.stage === 'Hot').count).to.equal(0);
  });

  it('counts emails and completed tasks per week (weeks start on Monday), every week until now', async () => {
    const emails = await report('emails-per-week');
    expect(busyWeeks(emails)).to.deep.equal([
      { week: '2026-11-02', count: 1 },
      { week: '2026-11-09', count: 1 },
      { week: '2026-11-16', count: 1 },
    ]);
    expect(emails[0].week).to.equal('2026-11-02');
    expect(emails[emails.length - 1].week, 'the series runs until this week').to.equal(weekOf(new Date().toISOString()));
    expect(busyWeeks(await report('tasks-per-week'))).to.have.length(1);
    expect(await report('automation')).to.deep.equal([]);
  });

  it("counts weeks on the reader's calendar when given a time zone, and refuses an unknown zone with 400", async () => {
    expect(busyWeeks(await report('emails-per-week', undefined, 'America/New_York'))).to.deep.equal([
      { week: '2026-11-02', count: 1 },
      { week: '2026-11-09', count: 2 },
    ]);
    const overview = await app.request('/api/reports/overview?timeZone=America%2FNew_York', { token });
    expect(busyWeeks(overview.body.reports['emails-per-week'])).to.have.length(2);
    const refused = await app.request('/api/reports/overview?timeZone=Mars%2FOlympus', { token });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('timeZone must be a time zone like America/Chicago.');
    const givenTwice = await app.request('/api/reports/overview?timeZone=UTC&timeZone=America%2FChicago', { token });
    expect(givenTwice.status).to.equal(400);
    expect(givenTwice.body.message).to.equal('timeZone must be a time zone like America/Chicago.');
  });

  it('knows nothing before the first event, and answers every report at once in the overview', async () => {
    expect(await report('targets', '2000-01-01T00:00:00Z')).to.deep.equal([]);
    const overview = await app.request(`/api/reports/overview?asOf=${encodeURIComponent(beforeEdit)}`, { token });
    expect(Object.keys(overview.body.reports)).to.include.members(['funnel', 'targets', 'contacts', 'emails-per-week', 'tasks-per-week', 'automation']);
  });

  // Snapshots and transaction ids belong to the events table.
  if (eventStore === 'postgres') {
    it('answers the same from a snapshot as from a full replay', async () => {
      const { knex } = context.db;
      const full = await reportStateAsOf(knex, userId, new Date(), revealPersonalData, { useSnapshots: false });
      const first = await knex('events').whereRaw("metadata->>'userId' = ?", [userId]).orderBy([{ column: 'tx_id' }, { column: 'global_position' }]).limit(6);
      // a snapshot part-way, as the fold saves one every so many events
      const partial = initialReportState();
      for (const event of await revealPersonalData(first.map(toRecordedEvent), knex)) foldReportEvent(partial, event);
      const last = first[5];
      await knex('report_snapshots').insert({ user_id: userId, tx_id: String(last.tx_id), global_position: last.global_position, covers_until: last.recorded_at, events: 6, state: serialiseReportState(partial) });
      const resumed = await reportStateAsOf(knex, userId, new Date(), revealPersonalData);
      expect(resumed.fromSnapshot).to.equal(true);
      for (const name of Object.keys(reports) as Array<keyof typeof reports>) expect(reports[name](resumed.state, { timeZone: 'UTC', until: new Date() }), name).to.deep.equal(reports[name](full.state, { timeZone: 'UTC', until: new Date() }));
      await knex('report_snapshots').where('user_id', userId).delete();
    });

    it('folds events in transaction order when transaction ids differ in their number of digits', async () => {
      const { knex } = context.db;
      const { user } = await app.signUp('Digits');
      const metadata = { userId: user.id, correlationId: 'c', requestId: 'r', source: 'api', schemaVersion: 1 };
      const contactId = '5d1c2a9e-0b7e-4c55-9a51-3f0b7a1e2d44';
      const stream = `contact-${contactId}`;
      // transaction 99 added the contact, transaction 100 renamed it: '100' sorts before '99' as text
      await knex('events').insert([
        { stream_id: stream, stream_version: 1, type: 'ContactAdded', tx_id: '99', metadata, data: { contactId, ownerId: user.id, bankId: 701, bankName: 'Gamma Bank', name: 'Old Name', title: 'CFO', email: null, linkedinUrl: null, tags: [] } },
        { stream_id: stream, stream_version: 2, type: 'ContactRenamed', tx_id: '100', metadata, data: { name: 'New Name' } },
      ]);
      const { state, foldedEvents } = await reportStateAsOf(knex, user.id, new Date(Date.now() + 1000), revealPersonalData, { useSnapshots: false });
      expect(foldedEvents, 'each event folded once').to.equal(2);
      expect(state.contacts[contactId]?.name).to.equal('New Name');
    });
  }

  it('refuses an unknown report with 404 and a malformed date with 400', async () => {
    expect((await app.request('/api/reports/planets', { token })).status).to.equal(404);
    const bad = await app.request('/api/reports/funnel?asOf=yesterday', { token });
    expect(bad.status).to.equal(400);
    expect(bad.body.message).to.match(/asOf must be an ISO date-time/);
    expect((await app.request('/api/reports/funnel')).status).to.equal(401);
  });

  it('takes an empty asOf or timeZone as not sent: now, in UTC', async () => {
    const empty = await app.request('/api/reports/funnel?asOf=&timeZone=', { token });
    expect(empty.status, empty.text).to.equal(200);
    expect(empty.body.rows).to.deep.equal(await report('funnel'));
  });

  it('refuses an unknown parameter with 400 naming it and the ones it takes, instead of answering as of now', async () => {
    const misspelt = await app.request('/api/reports/overview?asof=2026-01-01T00:00:00Z', { token });
    expect(misspelt.status).to.equal(400);
    expect(misspelt.body.message).to.equal("Unknown parameter 'asof'. Use asOf, timeZone.");
    const listed = await app.request('/api/reports?page=2', { token });
    expect(listed.status).to.equal(400);
    expect(listed.body.message).to.equal("Unknown parameter 'page'. This address takes no parameters.");
  });
});

describe('report weeks', () => {
  it("keys a moment by the Monday of its week on the reader's calendar", () => {
    // Monday 02:00 UTC is still Sunday evening in New York; Sunday noon UTC is already Monday in Kiritimati.
    expect(weekOf('2026-11-09T02:00:00Z')).to.equal('2026-11-09');
    expect(weekOf('2026-11-09T02:00:00Z', 'America/New_York')).to.equal('2026-11-02');
    expect(weekOf('2026-11-08T12:00:00Z', 'Pacific/Kiritimati')).to.equal('2026-11-09');
    // A week across a year's end.
    expect(weekOf('2027-01-01T12:00:00Z')).to.equal('2026-12-28');
  });
});
