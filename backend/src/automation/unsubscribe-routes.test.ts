import { expect } from 'chai';
import { EventStoreDbDouble } from '../../../test/doubles/eventstoredb-double.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { unsubscribeToken } from './unsubscribe-token.ts';

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
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Intro', steps: [{ day: 3, type: 'Email', templateId: template.body.id }] } });
    const started = await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } });
    enrolmentId = started.body.enrolments[0].id;
    link = `/api/public/unsubscribe/${unsubscribeToken(app.services.jwtSecret, { userId: signedUp.user.id, enrolmentId })}`;
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
