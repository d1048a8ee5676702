import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';
import { insureBanks } from '../../../../test/support/insured-banks.ts';

describeWithDatabase('sent emails API', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  withOutreachApp(context, (started) => {
    ({ app, token, otherToken } = started);
    userId = started.owner.user.id;
  });

  const record = (body: unknown, auth = token) => app.request('/api/data/sent-emails', { method: 'POST', token: auth, body });
  let contactId: string;
  before(async () => {
    await insureBanks(context.db.knex, [628]);
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Jane Doe', title: 'CFO', email: 'jane@firstbank.example' } })).body.id;
  });
  const email = { recipientName: 'Jane Doe', recipientEmail: 'jane@firstbank.example', subject: 'Hello from Charterline', body: 'Hi Jane,\n\nBest,' };
  const subjects = (body: Array<{ subject: string }>) => body.map((sent) => sent.subject);
  const list = (filter: object) => app.request(`/api/data/sent-emails?filter=${encodeURIComponent(JSON.stringify(filter))}`, { token });

  it('records a sent email as sent, now when no time is given', async () => {
    const before = Date.now();
    const response = await record({ ...email, bankId: 628, bankName: 'First Bank', contactId });
    const after = Date.now();
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ ...email, bankId: 628, bankName: 'First Bank', contactId, status: 'sent', failureReason: null, version: 2 });
    const sentAt = Date.parse(response.body.sentAt);
    expect(sentAt).to.be.within(before, after);
  });

  it('keeps a given send time, and refuses one in the future', async () => {
    const response = await record({ ...email, subject: 'Older', sentAt: '2026-01-05T09:30:00+01:00' });
    expect(response.body).to.include({ sentAt: '2026-01-05T08:30:00.000Z', bankId: null, bankName: null, contactId: null });
    const future = await record({ ...email, sentAt: '2999-01-01T00:00:00Z' });
    expect(future.status).to.equal(400);
    expect(future.body.message).to.equal('sentAt cannot be in the future.');
  });

  it('rejects a missing or malformed recipient email, a blank subject or body, and unknown fields with 400', async () => {
    expect((await record({ ...email, recipientEmail: undefined })).body.message).to.equal('recipientEmail: Recipient email is required.');
    expect((await record({ ...email, recipientEmail: 'jane at bank' })).body.message).to.match(/Recipient email must be an email address/);
    expect((await record({ ...email, recipientEmail: `${'j'.repeat(320)}@firstbank.example` })).body.message).to.equal('recipientEmail: An email address can be at most 320 characters.');
    expect((await record({ ...email, subject: ' ' })).body.message).to.equal('subject: Subject is required.');
    expect((await record({ ...email, body: '' })).body.message).to.equal('body: Body is required.');
    expect((await record({ ...email, sentAt: 'yesterday' })).body.message).to.match(/sentAt must be a date-time/);
    expect((await record({ ...email, status: 'failed' })).status).to.equal(400);
  });

  it("lists only the user's sent emails, newest first by send time, filtered by bank, contact and search", async () => {
    await record({ ...email, subject: 'Theirs' }, otherToken);
    await record({ ...email, subject: 'Newest', recipientName: 'Bob Roe', bankId: 3511, sentAt: new Date().toISOString() });
    const all = await app.request('/api/data/sent-emails?range=[0,9]', { token });
    expect(subjects(all.body)).to.deep.equal(['Newest', 'Hello from Charterline', 'Older']);
    expect(all.headers.get('content-range')).to.equal('sent-emails 0-2/3');
    expect(subjects((await list({ bankId: 3511 })).body)).to.deep.equal(['Newest']);
    expect(subjects((await list({ contactId })).body)).to.deep.equal(['Hello from Charterline']);
    expect(subjects((await list({ q: 'first bank' })).body)).to.deep.equal(['Hello from Charterline']);
    expect(subjects((await list({ q: 'bob' })).body)).to.deep.equal(['Newest']);
    expect((await list({ contactId: 'nobody' })).status).to.equal(400);
    expect((await list({ status: 'sent' })).body).to.have.length(3);
    expect((await list({ status: 'queued' })).body).to.deep.equal([]);
    expect((await list({ status: 'bounced' })).body.message).to.equal('Filter status must be one of queued, sending, sent, failed, unknown, dismissed.');
  });

  it("falls back to the tracked bank's name when none was given", async () => {
    await context.db.knex('targets').insert({ cert: 4242, user_id: userId, name: 'Tracked Savings Bank', version: 1, created_at: new Date(), updated_at: new Date() });
    const response = await record({ ...email, subject: 'Tracked', bankId: 4242 });
    expect(response.body.bankName).to.equal('Tracked Savings Bank');
    expect(subjects((await list({ q: 'tracked savings' })).body)).to.deep.equal(['Tracked']);
  });

  it("refuses with 400 an email naming another user's contact, or one that does not exist, and records nothing", async () => {
    for (const named of [contactId, 'abababab-abab-4bab-8bab-abababababab']) {
      const response = await record({ ...email, subject: 'Not mine to log', contactId: named }, otherToken);
      expect(response.status, response.text).to.equal(400);
      expect(response.body.issues).to.deep.equal([{ path: 'contactId', message: 'Choose one of your contacts.' }]);
    }
    expect(await app.services.knex('sent_emails').where({ subject: 'Not mine to log' }).count('* as count').first()).to.deep.equal({ count: 0 });
  });

  it('refuses any change or deletion with 405, and shows nothing to another user', async () => {
    const sent = (await record({ ...email, subject: 'Final' })).body;
    for (const method of ['PUT', 'DELETE']) {
      const response = await app.request(`/api/data/sent-emails/${sent.id}`, { method, token, body: method === 'PUT' ? { ...sent, subject: 'Edited' } : undefined });
      expect(response.status).to.equal(405);
      expect(response.body.message).to.equal('Sent emails cannot be changed.');
      expect(response.headers.get('allow')).to.equal('GET');
    }
    expect((await app.request(`/api/data/sent-emails/${sent.id}`, { token })).body).to.deep.equal(sent);
    expect((await app.request(`/api/data/sent-emails/${sent.id}`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/sent-emails/${sent.id}/history`, { token: otherToken })).status).to.equal(404);
  });

  it('keeps the history of queueing and sending, and the activity feed shows it', async () => {
    const sent = (await record({ ...email, subject: 'Tracked in history' })).body;
    const history = await app.request(`/api/data/sent-emails/${sent.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['EmailQueued', 'EmailSent']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: sent.id }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal(['Sent email', 'Queued email "Tracked in history" to Jane Doe']);
  });

  it("says whether the recipient is on the user's Do Not Contact list now, in the list and the record", async () => {
    const sent = (await record({ ...email, subject: 'Before the list', recipientEmail: 'Pat.Lee@FirstBank.example' })).body;
    expect(sent.recipientOnDoNotContact).to.equal(false);
    await app.request('/api/data/suppressions', { method: 'POST', token: otherToken, body: { email: 'pat.lee@firstbank.example' } });
    expect((await app.request(`/api/data/sent-emails/${sent.id}`, { token })).body.recipientOnDoNotContact, "on another user's list").to.equal(false);
    const added = await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'pat.lee@firstbank.example' } });
    expect(added.status, added.text).to.equal(201);
    expect((await app.request(`/api/data/sent-emails/${sent.id}`, { token })).body.recipientOnDoNotContact).to.equal(true);
    const listed = (await list({ q: 'Before the list' })).body as Array<{ subject: string; recipientOnDoNotContact: boolean }>;
    expect(listed.map((row) => [row.subject, row.recipientOnDoNotContact])).to.deep.equal([['Before the list', true]]);
    expect((await list({ q: 'Hello from Charterline' })).body.every((row: { recipientOnDoNotContact: boolean }) => !row.recipientOnDoNotContact)).to.equal(true);
  });
});
