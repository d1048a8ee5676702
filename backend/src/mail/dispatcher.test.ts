import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { MailgunDouble } from '../../../test/doubles/mailgun-double.ts';
import { SmtpSink } from '../../../test/doubles/smtp-sink.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { stepRecordId } from '../automation/record-ids.ts';
import { createScheduler } from '../automation/scheduler.ts';
import { mailFeature } from '../features.ts';
import { createDispatcher, type DispatcherOptions } from './dispatcher.ts';
import { mailgunBaseUrl, mailgunTransport } from './mailgun.ts';
import { smtpTransport } from './smtp.ts';
import type { MailTransport } from './transport.ts';

describeWithDatabase('mail outbox dispatcher', (context) => {
  let app: TestApp;
  let sink: SmtpSink;
  let mailgun: MailgunDouble;
  let token: string;
  let smtp: MailTransport;
  const cert = 4711;

  before(async () => {
    sink = await new SmtpSink().start({
      refuse: (address) => ({ 'gone@bank.example': '550 5.1.1 <gone@bank.example>: No such mailbox', 'guarded@bank.example': '550 5.7.1 Refused by local policy' })[address],
    });
    mailgun = await new MailgunDouble('key-good', { 'mg.charterline.example': 'active' }).start();
    // This app queues only: the tests run the dispatchers themselves.
    app = await startTestApp(context.db, { config: { smtpUrl: sink.url, mailDispatch: 'worker' } });
    token = (await app.signUp('Alex Morgan')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: 'Dispatch Savings Bank' } });
    smtp = smtpTransport(sink.url, { pool: false });
  });
  after(async () => {
    await smtp.close?.();
    await app.stop();
    await sink.stop();
    await mailgun.stop();
  });

  const queue = async (subject: string) => {
    const response = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'jane@bank.example', recipientName: 'Jane Doe', subject, body: 'Hello <Jane>,\n\nBest,', bankId: cert } });
    expect(response.status, response.text).to.equal(202);
    return response.body.id as string;
  };
  const record = async (id: string) => (await app.request(`/api/data/sent-emails/${id}`, { token })).body;
  const history = async (id: string) => (await app.request(`/api/data/sent-emails/${id}/history`, { token })).body.map((entry: { type: string }) => entry.type);
  const dispatcher = (transport: MailTransport, options: Partial<DispatcherOptions> = {}) =>
    createDispatcher({ knex: app.services.knex, eventStore: app.services.eventStore, transportFor: async () => transport, retryBaseDelayMs: 1, retryMaxDelayMs: 5, ...options });

  it('sends a queued email once over SMTP and records it sent with the message id, claim first', async () => {
    const id = await queue('Over SMTP');
    expect((await record(id)).status).to.equal('queued');
    await dispatcher(smtp).drain();
    expect(sink.count(id)).to.equal(1);
    const sent = await record(id);
    expect(sent).to.include({ status: 'sent', transport: 'smtp', attempts: 1 });
    expect(sent.providerMessageId).to.match(/^<.+>$/);
    expect(await history(id)).to.deep.equal(['EmailQueued', 'EmailSendClaimed', 'EmailSent']);
    const mail = sink.received.find((received) => received.emailId === id)!;
    expect(mail.to).to.deep.equal(['jane@bank.example']);
    expect(mail.raw).to.contain('Hello &lt;Jane&gt;,<br>');
    await dispatcher(smtp).drain();
    expect(sink.count(id)).to.equal(1);
  });

  it("sends through Mailgun with the user's domain, and records a 4xx as a failure with Mailgun's reason", async () => {
    const transport = mailgunTransport({ apiKey: 'key-good', domain: 'mg.charterline.example', region: 'US' }, { baseUrl: mailgun.url });
    const id = await queue('Over Mailgun');
    await dispatcher(transport).drain();
    const sent = await record(id);
    expect(sent).to.include({ status: 'sent', transport: 'mailgun' });
    const accepted = mailgun.accepted.find((message) => message.fields.get('v:charterline-email-id') === id)!;
    expect(sent.providerMessageId).to.equal(accepted.id);
    expect(accepted.fields.get('to')).to.equal('"Jane Doe" <jane@bank.example>');
    expect(accepted.fields.get('from')).to.equal('"Alex Morgan" <outreach@mg.charterline.example>');
    expect(accepted.fields.get('text')).to.equal('Hello <Jane>,\n\nBest,');

    mailgun.inject({ status: 400 });
    const refused = await queue('Refused by Mailgun');
    await dispatcher(transport).drain();
    expect(await record(refused)).to.include({ status: 'failed', failureReason: 'Mailgun refused the email (400): Bad request: to parameter is not a valid address' });

    const badKey = await queue('Bad key');
    await dispatcher(mailgunTransport({ apiKey: 'key-wrong', domain: 'mg.charterline.example', region: 'US' }, { baseUrl: mailgun.url })).drain();
    expect(await record(badKey)).to.include({ status: 'failed', failureReason: 'Mailgun refused the API key. Check it in Settings.' });
  });

  /** A deferred email is due again a few milliseconds later (the backoff): a round that comes sooner finds nothing, so drain until it leaves the queue. */
  const drainUntilSettled = async (worker: ReturnType<typeof dispatcher>, id: string) => {
    for (let round = 0; round < 200 && (await record(id)).status === 'queued'; round += 1) {
      await worker.drain();
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  };

  it('retries 429 and 5xx with backoff, then sends; gives up after the bounded number of attempts', async () => {
    const transport = mailgunTransport({ apiKey: 'key-good', domain: 'mg.charterline.example', region: 'US' }, { baseUrl: mailgun.url });
    mailgun.inject({ status: 429 });
    mailgun.inject({ status: 503 });
    const id = await queue('Busy then fine');
    await drainUntilSettled(dispatcher(transport), id);
    expect(await record(id)).to.include({ status: 'sent', attempts: 3 });
    expect(await history(id)).to.deep.equal(['EmailQueued', 'EmailSendClaimed', 'EmailSendDeferred', 'EmailSendClaimed', 'EmailSendDeferred', 'EmailSendClaimed', 'EmailSent']);

    mailgun.inject({ status: 500, times: 3 });
    const hopeless = await queue('Always busy');
    await drainUntilSettled(dispatcher(transport, { maxAttempts: 3 }), hopeless);
    const failed = await record(hopeless);
    expect(failed).to.include({ status: 'failed', attempts: 3 });
    expect(failed.failureReason).to.equal('Mailgun had a server error (500). Gave up after 3 attempts.');
  });

  it('sends nothing to an address put on the Do Not Contact list while its email waited, and says why', async () => {
    const queued = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'Raj@Bank.example', recipientName: 'Raj Patel', subject: 'Waiting in the queue', body: 'Hello Raj,', bankId: cert } });
    expect(queued.status, queued.text).to.equal(202);
    expect((await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'raj@bank.example' } })).status).to.be.oneOf([200, 201]);
    await dispatcher(smtp).drain();
    expect(sink.count(queued.body.id)).to.equal(0);
    const refused = await record(queued.body.id);
    expect(refused).to.include({ status: 'failed', failureReason: 'Not sent: Raj@Bank.example is on your Do Not Contact list (you added them).' });
  });

  describe('a recipient the SMTP server refuses for good', () => {
    let workflowId: string;
    before(async () => {
      // A first step that is a visit: the enrolment is still running when the email is refused.
      workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visits', steps: [{ day: 3, type: 'LinkedIn Visit' }] } })).body.id;
    });

    /** A contact in a running automation, and an email to them sent through the dispatcher. */
    async function enrolAndEmail(name: string, email: string) {
      const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, name, title: 'CFO', email } });
      expect((await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } })).status).to.equal(201);
      const queued = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: email, contactId: contact.body.id, subject: 'Hello', body: 'A note.' } });
      expect(queued.status, queued.text).to.equal(202);
      await dispatcher(smtp).drain();
      const { services } = app;
      await createScheduler({ knex: services.knex, eventStore: services.eventStore, outbox: mailFeature.outboxFor(services), publicUrl: 'http://charterline.test', linkSecret: services.jwtSecret }).runOnce();
      const [enrolment] = (await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId: contact.body.id }))}`, { token })).body;
      return { emailId: queued.body.id as string, enrolment };
    }
    const suppressions = async () => (await app.request('/api/data/suppressions', { token })).body.map((row: { email: string; reason: string; detail: string }) => [row.email, row.reason, row.detail]);

    it('a 550 5.1.1 to RCPT TO fails the email with the reply, puts the address on Do Not Contact as bounced and stops the automation', async () => {
      const { emailId, enrolment } = await enrolAndEmail('Gus Gone', 'gone@bank.example');
      expect(sink.count(emailId)).to.equal(0);
      expect(await record(emailId)).to.include({ status: 'failed', failureReason: 'The SMTP server refused the address for good: 550 5.1.1 <gone@bank.example>: No such mailbox' });
      expect(await suppressions()).to.deep.include(['gone@bank.example', 'bounced', 'Mail to this address bounced for good (reported by the SMTP server).']);
      expect(enrolment).to.include({ status: 'stopped', stopReason: 'do-not-contact' });
      const again = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'gone@bank.example', subject: 'Again', body: 'A note.' } });
      expect(again.status).to.equal(400);
      expect(again.body.message).to.equal('Not sent: gone@bank.example is on your Do Not Contact list (mail to it bounced for good).');
    });

    it('a 550 5.7.1 (policy) to RCPT TO only fails the email with the reply: the address stays off the list and the automation runs on', async () => {
      const { emailId, enrolment } = await enrolAndEmail('Gia Guarded', 'guarded@bank.example');
      expect(await record(emailId)).to.include({ status: 'failed', failureReason: 'The SMTP server refused the email: 550 5.7.1 Refused by local policy' });
      expect((await suppressions()).map(([email]: string[]) => email)).not.to.include('guarded@bank.example');
      expect(enrolment).to.include({ status: 'active' });
    });
  });

  describe('the unsubscribe headers of automated mail', () => {
    let workflowId: string;
    before(async () => {
      const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Note', subject: 'A note', body: 'A note.' } });
      workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Notes', steps: [{ day: 1, type: 'Email', templateId: template.body.id }] } })).body.id;
    });

    /** A contact enrolled in the workflow, and its email queued by the scheduler when due: its id, the unsubscribe link in its body, and when it is due. */
    async function automatedEmail(name: string, email: string): Promise<{ id: string; link: string; at: Date }> {
      const { knex, eventStore, jwtSecret } = app.services;
      const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, name, title: 'CFO', email } });
      const started = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } });
      const enrolmentId = started.body.enrolments[0].id as string;
      const { next_due_at: due } = await knex('enrolments').where({ id: enrolmentId }).first('next_due_at');
      const at = new Date(new Date(due).getTime() + 60_000);
      await createScheduler({ knex, eventStore, outbox: mailFeature.outboxFor(app.services), publicUrl: 'http://charterline.test', linkSecret: jwtSecret, now: () => at, random: () => 0.5, spreadMinutes: 0 }).runOnce();
      const id = stepRecordId(enrolmentId, 0, 'email');
      // an event store of its own projects the email a moment later
      await eventually(async () => (await knex('sent_emails').where({ id }).first('id')) !== undefined, 'the email to be recorded');
      const { body } = await knex('sent_emails').where({ id }).first('body');
      return { id, at, link: /(http:\/\/charterline\.test\/api\/public\/unsubscribe\/\S+)/.exec(body)![1] };
    }
    /** The mail's headers as the recipient's server reads them: folded lines joined. */
    const headersOf = (raw: string) => raw.split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
    const headerOf = (raw: string, name: string) => new RegExp(`^${name}: (.*)$`, 'im').exec(headersOf(raw))?.[1] ?? null;

    it('sends an automated email over SMTP with List-Unsubscribe naming its unsubscribe link and a one-click List-Unsubscribe-Post; an email sent by hand has neither', async () => {
      const automated = await automatedEmail('Ona Auto', 'ona@bank.example');
      const byHand = await queue('Sent by hand');
      await dispatcher(smtp, { now: () => automated.at }).drain();
      const received = (id: string) => sink.received.find((mail) => mail.emailId === id)!.raw;
      expect(headerOf(received(automated.id), 'List-Unsubscribe')).to.equal(`<${automated.link}>`);
      expect(headerOf(received(automated.id), 'List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
      expect(headersOf(received(byHand))).not.to.match(/^List-Unsubscribe/im);
    });

    it('gives Mailgun the two headers of an automated email as h: fields, and none for an email sent by hand', async () => {
      const transport = mailgunTransport({ apiKey: 'key-good', domain: 'mg.charterline.example', region: 'US' }, { baseUrl: mailgun.url });
      const automated = await automatedEmail('Mo Auto', 'mo@bank.example');
      const byHand = await queue('Sent by hand through Mailgun');
      await dispatcher(transport, { now: () => automated.at }).drain();
      const fields = (id: string) => mailgun.accepted.find((message) => message.fields.get('v:charterline-email-id') === id)!.fields;
      expect(fields(automated.id).get('h:List-Unsubscribe')).to.equal(`<${automated.link}>`);
      expect(fields(automated.id).get('h:List-Unsubscribe-Post')).to.equal('List-Unsubscribe=One-Click');
      expect([...fields(byHand).keys()].filter((name) => name.startsWith('h:List-'))).to.deep.equal([]);
    });

    it('sends an automated email the user resends after it failed with its unsubscribe headers', async () => {
      const automated = await automatedEmail('Rae Auto', 'rae@bank.example');
      mailgun.inject({ status: 400 });
      await dispatcher(mailgunTransport({ apiKey: 'key-good', domain: 'mg.charterline.example', region: 'US' }, { baseUrl: mailgun.url }), { now: () => automated.at }).drain();
      expect((await record(automated.id)).status).to.equal('failed');
      const resent = await app.request(`/api/data/sent-emails/${automated.id}/resend`, { method: 'POST', token });
      expect(resent.status, resent.text).to.equal(202);
      await dispatcher(smtp, { now: () => automated.at }).drain();
      expect(headerOf(sink.received.find((mail) => mail.emailId === resent.body.id)!.raw, 'List-Unsubscribe')).to.equal(`<${automated.link}>`);
    });
  });

  it('sends nothing to a contact erased while the email waited', async () => {
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, name: 'Mia Erased', title: 'CFO', email: 'mia@bank.example' } });
    const queued = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'mia@bank.example', contactId: contact.body.id, subject: 'For Mia', body: 'Hello Mia,', bankId: cert } });
    expect(queued.status, queued.text).to.equal(202);
    expect((await app.request(`/api/data/contacts/${contact.body.id}/erase`, { method: 'POST', token })).status).to.equal(200);
    await dispatcher(smtp).drain();
    expect(sink.count(queued.body.id)).to.equal(0);
    expect(await record(queued.body.id)).to.include({ status: 'failed', failureReason: "Not sent: the recipient's personal data was erased." });
  });

  it('uses the EU host for the EU region, and MAILGUN_API_URL instead of either', () => {
    expect(mailgunBaseUrl('US')).to.equal('https://api.mailgun.net');
    expect(mailgunBaseUrl('EU')).to.equal('https://api.eu.mailgun.net');
    expect(mailgunBaseUrl('EU', 'http://127.0.0.1:9999/')).to.equal('http://127.0.0.1:9999');
  });

  it('after a crash between the provider accepting and the record, marks the email unknown and never sends it again', async () => {
    const id = await queue('Crash after send');
    // This dispatcher "dies" right after the SMTP server took the mail: its answer is never recorded.
    const dying: MailTransport = { kind: 'smtp', send: async (mail) => (await smtp.send(mail), new Promise(() => {})) };
    const crashed = dispatcher(dying);
    void crashed.drainOnce();
    while (sink.count(id) === 0) await new Promise((resolve) => setTimeout(resolve, 10));
    expect((await record(id)).status).to.equal('sending');

    // A restarted dispatcher finds the unsettled claim: unknown, not resent.
    const restarted = dispatcher(smtp, { staleClaimAfterMs: 0 });
    await restarted.drain();
    await restarted.drain();
    expect(sink.count(id)).to.equal(1);
    const unknown = await record(id);
    expect(unknown.status).to.equal('unknown');
    expect(unknown.failureReason).to.match(/may or may not have been sent/);

    // The user decides: a resend is a new email, sent once; the old one is settled.
    const resent = await app.request(`/api/data/sent-emails/${id}/resend`, { method: 'POST', token });
    expect(resent.status).to.equal(202);
    await dispatcher(smtp).drain();
    expect(await record(resent.body.id)).to.include({ status: 'sent', resendOf: id });
    expect((await record(id)).status).to.equal('dismissed');
    expect(sink.received.filter((mail) => mail.subject === 'Crash after send')).to.have.length(2);
  });

  it('two dispatchers racing over the same queue send each email exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 40 }, (_, index) => queue(`Race ${index}`)));
    const first = dispatcher(smtp, { batchSize: 40, concurrency: 4 });
    const second = dispatcher(smtpTransport(sink.url, { pool: false }), { batchSize: 40, concurrency: 4 });
    await Promise.all([first.drain(), second.drain()]);
    for (const id of ids) expect(sink.count(id), id).to.equal(1);
    const rows = await app.services.knex('sent_emails').whereIn('id', ids).select('status');
    expect(rows.every((row: { status: string }) => row.status === 'sent')).to.equal(true);
  });
});
