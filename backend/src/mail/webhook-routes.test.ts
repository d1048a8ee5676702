import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { MailgunDouble, type MailgunMessage } from '../../../test/doubles/mailgun-double.ts';
import { createScheduler } from '../automation/scheduler.ts';
import { mailFeature } from '../features.ts';

const signingKey = 'whsec-0123456789abcdef';
const domain = 'mg.charterline.example';

describeWithDatabase('Mailgun event webhooks', (context) => {
  let app: TestApp;
  let mailgun: MailgunDouble;
  let token: string;
  let otherToken: string;
  const contacts: Record<string, string> = {};
  let workflowId: string;

  before(async () => {
    mailgun = await new MailgunDouble('key-good', { [domain]: 'active' }).start();
    // Embedded database: this process dispatches its own mail, through the Mailgun double.
    app = await startTestApp(context.db, { config: { mailgunApiUrl: mailgun.url, publicUrl: 'http://charterline.test' } });
    token = (await app.signUp('Alex Morgan')).token;
    otherToken = (await app.signUp('Someone Else')).token;
    for (const auth of [token, otherToken]) {
      const saved = await app.request('/api/data/settings', { method: 'PUT', token: auth, body: { mailgunApiKey: 'key-good', mailgunDomain: domain, mailgunWebhookSigningKey: auth === token ? signingKey : 'whsec-another-users-key' } });
      expect(saved.status, saved.text).to.equal(200);
    }
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    for (const name of ['Jane', 'Kim', 'Lou', 'Max']) {
      const added = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name, title: 'CFO', email: `${name.toLowerCase()}@alpha.example` } });
      contacts[name] = added.body.id;
    }
    // A workflow whose first step is a visit, so the enrolment is still running when the bounce arrives.
    workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visits', steps: [{ day: 3, type: 'LinkedIn Visit' }] } })).body.id;
  });
  after(async () => {
    await app.stop();
    await mailgun.stop();
  });

  const post = (body: unknown) => app.request('/api/public/mailgun/events', { method: 'POST', body });
  const emailRecord = (id: string) => app.request(`/api/data/sent-emails/${id}`, { token }).then((response) => response.body);
  const suppressions = async () => (await app.request('/api/data/suppressions', { token })).body.map((row: { email: string; reason: string }) => [row.email, row.reason]);

  /** Sends an email to the contact through Mailgun and answers the message the double accepted. */
  async function sendTo(name: string): Promise<{ id: string; message: MailgunMessage }> {
    const sent = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: `${name.toLowerCase()}@alpha.example`, contactId: contacts[name], subject: 'Hello', body: 'A note.' } });
    expect(sent.status, sent.text).to.equal(202);
    for (;;) {
      const record = await emailRecord(sent.body.id);
      if (record.status === 'sent') break;
      expect(record.status).to.be.oneOf(['queued', 'sending']);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const message = mailgun.accepted.find((accepted) => accepted.fields.get('v:charterline-email-id') === sent.body.id)!;
    return { id: sent.body.id, message };
  }

  it('refuses a call signed with another key, a stale one and a malformed one, recording nothing', async () => {
    const { id, message } = await sendTo('Max');
    const forged = await post(mailgun.webhook(message, 'whsec-guessed', { event: 'failed', severity: 'permanent' }));
    expect(forged.status).to.equal(406);
    expect(forged.body.message).to.equal('The webhook signature does not match.');
    const anHourAgo = Math.floor(Date.now() / 1000) - 3600;
    const stale = await post(mailgun.webhook(message, signingKey, { event: 'failed', severity: 'permanent' }, { timestamp: anHourAgo }));
    expect(stale.status).to.equal(406);
    expect(stale.body.message).to.match(/refused as a replay/);
    expect((await post({ signature: { timestamp: '1', token: 'x' } })).status).to.equal(400);
    expect(await emailRecord(id)).to.include({ status: 'sent' });
    expect(await suppressions()).to.deep.equal([]);
  });

  it('a permanent failure marks the email bounced, puts the address on Do Not Contact and stops the enrolment; a replay of the call is refused', async () => {
    const enrolled = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contacts.Jane] } });
    expect(enrolled.status, enrolled.text).to.equal(201);
    const { id, message } = await sendTo('Jane');
    const body = mailgun.webhook(message, signingKey, { event: 'failed', severity: 'permanent', code: 550, description: 'No such mailbox' });

    const taken = await post(body);
    expect(taken.status, taken.text).to.equal(200);
    expect(taken.body).to.deep.equal({ status: 'recorded', event: 'failed' });
    expect(await emailRecord(id)).to.include({ status: 'failed', failureReason: 'Bounced: 550 No such mailbox' });
    expect(await suppressions()).to.deep.equal([['jane@alpha.example', 'bounced']]);

    const replayed = await post(body);
    expect(replayed.status).to.equal(406);
    expect(replayed.body.message).to.equal('This webhook call was already taken: refused as a replay.');
    const history = (await app.request(`/api/data/sent-emails/${id}/history`, { token })).body.map((entry: { type: string }) => entry.type);
    expect(history.filter((type: string) => type === 'EmailBounced')).to.have.length(1);

    const services = app.services;
    const scheduler = createScheduler({ knex: services.knex, eventStore: services.eventStore, outbox: mailFeature.outboxFor(services), publicUrl: 'http://charterline.test', linkSecret: services.jwtSecret });
    await scheduler.runOnce();
    const [enrolment] = (await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId: contacts.Jane }))}`, { token })).body;
    expect(enrolment).to.include({ status: 'stopped', stopReason: 'do-not-contact' });
    // Every later send to the address is refused with the reason.
    const again = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'jane@alpha.example', subject: 'Again', body: 'A note.' } });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal('Not sent: jane@alpha.example is on your Do Not Contact list (mail to it bounced for good).');
  });

  it('a temporary failure is recorded without suppressing the address; a complaint and an unsubscribe suppress it', async () => {
    const lou = await sendTo('Lou');
    expect((await post(mailgun.webhook(lou.message, signingKey, { event: 'failed', severity: 'temporary', code: 421, description: 'Try again later' }))).status).to.equal(200);
    expect(await emailRecord(lou.id)).to.include({ status: 'sent' });
    const kim = await sendTo('Kim');
    expect((await post(mailgun.webhook(kim.message, signingKey, { event: 'complained' }))).status).to.equal(200);
    expect((await post(mailgun.webhook(lou.message, signingKey, { event: 'unsubscribed' }))).status).to.equal(200);
    expect((await post(mailgun.webhook(kim.message, signingKey, { event: 'delivered' }))).body).to.deep.equal({ status: 'ignored', event: 'delivered' });
    expect((await suppressions()).sort()).to.deep.equal([
      ['jane@alpha.example', 'bounced'],
      ['kim@alpha.example', 'complained'],
      ['lou@alpha.example', 'unsubscribed'],
    ]);
    const activity = (await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: lou.id }))}`, { token })).body.map((entry: { summary: string }) => entry.summary);
    expect(activity).to.include.members(['Email delivery delayed, the provider retries: 421 Try again later', 'The recipient unsubscribed through the mail provider']);
    expect((await app.request('/api/data/suppressions', { token: otherToken })).body).to.deep.equal([]);
  });
});
