import { expect } from 'chai';
import { EventStoreDbDouble } from '../../../test/doubles/eventstoredb-double.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { mailFeature } from '../features.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { suppressionStreamId } from '../outreach/suppressions/events.ts';
import { stepRecordId } from './record-ids.ts';
import { createScheduler } from './scheduler.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

/** Runs the enrolment's first step as the scheduler does when it falls due: its email is queued with its unsubscribe link, whose path this answers. */
async function sendFirstEmail(app: TestApp, enrolmentId: string): Promise<string> {
  const { knex, eventStore, jwtSecret } = app.services;
  const [{ next_due_at: due }] = await knex('enrolments').where({ id: enrolmentId }).select('next_due_at');
  const scheduler = createScheduler({ knex, eventStore, outbox: mailFeature.outboxFor(app.services), publicUrl: 'http://charterline.test', linkSecret: jwtSecret, now: () => new Date(new Date(due).getTime() + 60_000), random: () => 0.5, spreadMinutes: 0 });
  await scheduler.runOnce();
  const emailId = stepRecordId(enrolmentId, 0, 'email');
  // an event store of its own projects the email a moment later
  await eventually(async () => (await knex('sent_emails').where({ id: emailId }).first('id')) !== undefined, 'the email to be recorded');
  const { body } = await knex('sent_emails').where({ id: emailId }).first('body');
  return /http:\/\/charterline\.test(\/api\/public\/unsubscribe\/\S+)/.exec(body)![1];
}

describeWithDatabase('the unsubscribe link', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let contactId: string;
  let workflowId: string;
  before(async () => {
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' } });
    const signedUp = await app.signUp('Sender');
    token = signedUp.token;
    userId = signedUp.user.id;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Una Reader', title: 'CFO', email: 'una.typo@alpha.example' } })).body.id;
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello', body: 'A note.' } });
    workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Intro', steps: [{ day: 1, type: 'Email', templateId: template.body.id }, { day: 3, type: 'Email', templateId: template.body.id }] } })).body.id;
  });
  after(async () => app.stop());

  const enrol = async () => (await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } })).body.enrolments[0].id as string;
  const doNotContact = async () => ((await app.request('/api/data/suppressions', { token })).body as Array<{ email: string }>).map((row) => row.email);

  it("unsubscribes the address the email went to, never showing the contact's address as it is now", async () => {
    const enrolmentId = await enrol();
    const link = await sendFirstEmail(app, enrolmentId);
    // the user corrects the contact's address after the email went to the wrong one
    await app.request(`/api/data/contacts/${contactId}`, { method: 'PUT', token, body: { email: 'una.reader@alpha.example' } });
    const page = await app.request(link);
    expect(page.text).to.contain('Stop receiving these emails at <strong>una.typo@alpha.example</strong>?').and.not.contain('una.reader');
    expect((await app.request(link, { method: 'POST' })).text).to.contain('You are unsubscribed');
    expect(await doNotContact()).to.deep.equal(['una.typo@alpha.example']);
    expect((await app.request(`/api/data/enrolments/${enrolmentId}`, { token })).body).to.include({ status: 'stopped', stopReason: 'unsubscribed' });
  });

  it('takes a link mailed before links named their email as standing for the addresses the enrolment wrote to', async () => {
    await app.request(`/api/data/suppressions/${encodeURIComponent('una.typo@alpha.example')}`, { method: 'DELETE', token });
    const enrolmentId = await enrol();
    await sendFirstEmail(app, enrolmentId);
    await app.request(`/api/data/contacts/${contactId}`, { method: 'PUT', token, body: { email: 'una.new@alpha.example' } });
    const olderLink = `/api/public/unsubscribe/${unsubscribeToken(app.services.jwtSecret, { userId, enrolmentId })}`;
    expect((await app.request(olderLink)).text).to.contain('una.reader@alpha.example').and.not.contain('una.new');
    await app.request(olderLink, { method: 'POST' });
    expect(await doNotContact()).to.deep.equal(['una.reader@alpha.example']);
  });
});

describeWithDatabase("a mail program's one-click unsubscribe", (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let workflowId: string;
  before(async () => {
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' } });
    ({ token, user: { id: userId } } = await app.signUp('Sender'));
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello', body: 'A note.' } });
    workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Intro', steps: [{ day: 1, type: 'Email', templateId: template.body.id }, { day: 3, type: 'Email', templateId: template.body.id }] } })).body.id;
  });
  after(async () => app.stop());

  /** A contact enrolled in the workflow, whose first email has gone: the enrolment and the link of that email. */
  const enrolledAndMailed = async (email: string) => {
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ola Click', title: 'CFO', email } });
    const enrolmentId = (await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } })).body.enrolments[0].id as string;
    return { enrolmentId, link: await sendFirstEmail(app, enrolmentId) };
  };
  /** What a mail program posts (RFC 8058): a form with the one field, no cookies, nobody at a page. */
  const oneClick = (link: string) => app.request(link, { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const doNotContact = async () => ((await app.request('/api/data/suppressions', { token })).body as Array<{ email: string; reason: string }>).map((row) => [row.email, row.reason]);
  const enrolment = async (id: string) => (await app.request(`/api/data/enrolments/${id}`, { token })).body;
  /** How many events the enrolment and the sender's Do Not Contact list hold. */
  const eventsOf = async (enrolmentId: string) =>
    (await app.services.eventStore.readStream(enrolmentStreamId(enrolmentId))).length + (await app.services.eventStore.readStream(suppressionStreamId(userId))).length;

  it('unsubscribes at once, as confirming on the page does, answering 200 in plain text; a second post changes nothing', async () => {
    const { enrolmentId, link } = await enrolledAndMailed('ola@alpha.example');
    const answer = await oneClick(link);
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.headers.get('content-type')).to.match(/^text\/plain/);
    expect(answer.text).to.equal('You are unsubscribed.');
    expect(await doNotContact()).to.deep.equal([['ola@alpha.example', 'unsubscribed']]);
    expect(await enrolment(enrolmentId)).to.include({ status: 'stopped', stopReason: 'unsubscribed' });
    const recorded = await eventsOf(enrolmentId);
    const again = await oneClick(link);
    expect(again.status).to.equal(200);
    expect(again.text).to.equal('You are unsubscribed.');
    expect(await eventsOf(enrolmentId)).to.equal(recorded);
  });

  it('answers a one-click post to a link that is not genuine 404, unsubscribing nobody', async () => {
    const { enrolmentId, link } = await enrolledAndMailed('uma@alpha.example');
    const before = await doNotContact();
    for (const forged of [`${link}x`, '/api/public/unsubscribe/not-a-token']) {
      const answer = await oneClick(forged);
      expect(answer.status, forged).to.equal(404);
      expect(answer.text, forged).to.equal('This unsubscribe link is not valid.');
    }
    expect(await doNotContact()).to.deep.equal(before);
    expect(await enrolment(enrolmentId)).to.include({ status: 'active' });
  });

  it('still refuses a form posted anywhere else with 415', async () => {
    const answer = await app.request('/api/data/contacts', { method: 'POST', token, body: 'name=Ola', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.status).to.equal(415);
    expect(answer.body.message).to.equal('Send the request body as JSON (Content-Type: application/json).');
  });
});

describeWithDatabase('the unsubscribe link while the event store is down', (context) => {
  const double = new EventStoreDbDouble();
  let app: TestApp;
  let token: string;
  let link: string;
  let enrolmentId: string;
  before(async () => {
    app = await startTestApp(context.db, { config: { eventStoreUrl: (await double.start()).url, mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' } });
    const signedUp = await app.signUp('Sender');
    token = signedUp.token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Una Reader', title: 'CFO', email: 'una@alpha.example' } });
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello', body: 'A note.' } });
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Intro', steps: [{ day: 3, type: 'Email', templateId: template.body.id }, { day: 5, type: 'Email', templateId: template.body.id }] } });
    const started = await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } });
    enrolmentId = started.body.enrolments[0].id;
    link = await sendFirstEmail(app, enrolmentId);
  });
  after(async () => {
    await app.stop();
    await double.stop();
  });

  it('shows the person a page asking to open the link again later, not an error in JSON, and unsubscribes them once it is back', async function () {
    this.timeout(20_000);
    await double.stop();
    try {
      const refused = await app.request(link, { method: 'POST' });
      expect(refused.status).to.equal(503);
      expect(refused.headers.get('content-type')).to.match(/^text\/html/);
      expect(refused.headers.get('retry-after')).to.equal('60');
      expect(refused.text).to.contain('You are not unsubscribed yet').and.contain('Please open the link again in a few minutes.');
    } finally {
      await double.start({ port: double.port });
    }
    // The client reconnects on its own; the first attempts may still find the channel backing off.
    let confirmed = await app.request(link, { method: 'POST' });
    for (let attempt = 0; confirmed.status === 503 && attempt < 30; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      confirmed = await app.request(link, { method: 'POST' });
    }
    expect(confirmed.text).to.contain('You are unsubscribed');
    expect((await app.request(`/api/data/enrolments/${enrolmentId}`, { token })).body).to.include({ status: 'stopped', stopReason: 'unsubscribed' });
    const doNotContact = (await app.request('/api/data/suppressions', { token })).body.map((row: { email: string }) => row.email);
    expect(doNotContact).to.deep.equal(['una@alpha.example']);
  });
});
