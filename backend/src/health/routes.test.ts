import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp, type TestResponse } from '../../../test/support/app.ts';
import { capturedLog } from '../../../test/support/captured-log.ts';

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

  it('tells an anonymous caller in plain words that the database or event store cannot be reached, with 503, and logs their own messages alone', async () => {
    const { knex, eventStore } = app.services;
    const healthCheck = eventStore.healthCheck;
    let health!: TestResponse;
    const logged = await capturedLog(async () => {
      // The database answers with an error naming its table, the event store with one naming its host.
      await knex.raw('alter table sent_emails rename to sent_emails_away');
      eventStore.healthCheck = () => Promise.reject(new Error('connect ECONNREFUSED 10.20.30.40:2113'));
      try {
        health = await app.request('/api/health');
        await app.request('/api/health');
      } finally {
        eventStore.healthCheck = healthCheck;
        await knex.raw('alter table sent_emails_away rename to sent_emails');
      }
    });
    expect(health.status).to.equal(503);
    expect(health.body.status).to.equal('degraded');
    expect(health.body.database).to.include({ status: 'error', error: 'The database cannot be reached.' });
    expect(health.body.eventStore).to.include({ status: 'error', error: 'The event store cannot be reached.' });
    expect(health.text).not.to.include('sent_emails').and.not.to.include('10.20.30.40');
    // Said once while it lasts, though asked twice.
    const failures = logged.map((line) => JSON.parse(line) as { message: string; error?: string }).filter(({ message }) => message.startsWith('health check'));
    expect(failures.map(({ message }) => message)).to.have.members(['health check: the database did not answer', 'health check: the event store did not answer']);
    expect(failures.find(({ message }) => message.includes('database'))?.error).to.match(/relation "sent_emails" does not exist$/);
    expect(failures.find(({ message }) => message.includes('event store'))?.error).to.equal('connect ECONNREFUSED 10.20.30.40:2113');
    expect((await app.request('/api/health')).status, 'answering again').to.equal(200);
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
