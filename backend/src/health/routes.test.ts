import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';

describeWithDatabase('health', (context) => {
  let app: TestApp;
  let token: string;
  before(async () => {
    // As with PostgreSQL: queued mail is sent by `npm run worker`, and none runs here.
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' } });
    token = (await app.signUp('Health Watcher')).token;
  });
  after(async () => app.stop());

  it('answers ok while no queued mail waits, naming who sends it', async () => {
    const health = await app.request('/api/health');
    expect(health.status).to.equal(200);
    expect(health.body).to.deep.include({ status: 'ok', mail: { status: 'ok', sentBy: 'npm run worker', longestWaitSeconds: 0 } });
  });

  it('says mail due minutes ago is still queued when no worker sends it, while the server itself answers 200', async () => {
    const queued = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'jane@health.example', subject: 'Hello', body: 'Hi Jane,' } });
    expect(queued.status, queued.text).to.equal(202);
    // As if the email had waited ten minutes for a worker that is not there.
    await app.services.knex('sent_emails').where({ id: queued.body.id }).update({ next_attempt_at: app.services.knex.raw("now() - interval '10 minutes'") });
    const health = await app.request('/api/health');
    expect(health.status).to.equal(200);
    expect(health.body.status).to.equal('degraded');
    expect(health.body.mail).to.include({ status: 'error', sentBy: 'npm run worker', error: 'Mail due 10 minutes ago is still queued: is npm run worker running?' });
    expect(health.body.mail.longestWaitSeconds).to.be.at.least(600);
  });
});
