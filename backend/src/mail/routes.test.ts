import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { MailgunDouble } from '../../../test/doubles/mailgun-double.ts';
import { SmtpSink } from '../../../test/doubles/smtp-sink.ts';
import { features as defaultFeatures } from '../features.ts';
import { createMailFeature } from './feature.ts';

describeWithDatabase('mail API', (context) => {
  let app: TestApp;
  let sink: SmtpSink;
  let mailgun: MailgunDouble;
  let token: string;
  let otherToken: string;
  let contactId: string;
  const cert = 5150;

  before(async () => {
    sink = await new SmtpSink().start();
    mailgun = await new MailgunDouble('key-good', { 'mg.charterline.example': 'active', 'mg.new.example': 'unverified' }).start();
    // Embedded database: this process dispatches its own mail.
    app = await startTestApp(context.db, { config: { smtpUrl: sink.url, mailgunApiUrl: mailgun.url } });
    token = (await app.signUp('Alex Morgan')).token;
    otherToken = (await app.signUp('Someone Else')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: 'Route Test Bank' } });
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, name: 'Jane Doe', title: 'CFO', email: 'jane@route.example' } })).body.id;
  });
  after(async () => {
    await app.stop();
    await sink.stop();
    await mailgun.stop();
  });

  const send = (body: unknown, auth = token, headers: Record<string, string> = {}) => app.request('/api/services/mailgun/send', { method: 'POST', token: auth, body, headers });
  const email = { to: 'jane@route.example', subject: 'Regarding opportunities with Route Test Bank', body: 'Hi Jane Doe,' };
  const settled = async (id: string) => {
    for (;;) {
      const record = (await app.request(`/api/data/sent-emails/${id}`, { token })).body;
      if (record.status !== 'queued' && record.status !== 'sending') return record;
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  };

  it("answers 202 with the queued email's id at once; the in-process dispatcher sends it to the contact", async () => {
    const response = await send({ ...email, contactId });
    expect(response.status).to.equal(202);
    expect(response.body).to.deep.equal({ id: response.body.id, status: 'queued' });
    const record = await settled(response.body.id);
    expect(record).to.include({ status: 'sent', contactId, bankId: cert, bankName: 'Route Test Bank', recipientName: 'Jane Doe', transport: 'smtp' });
    expect(sink.count(response.body.id)).to.equal(1);
  });

  it('sends once for one Idempotency-Key, however often the request is repeated', async () => {
    const headers = { 'Idempotency-Key': 'send-once-1' };
    const first = await send({ ...email, subject: 'Idempotent' }, token, headers);
    const again = await send({ ...email, subject: 'Idempotent' }, token, headers);
    expect(again.body.id).to.equal(first.body.id);
    await settled(first.body.id);
    expect(sink.received.filter((mail) => mail.subject === 'Idempotent')).to.have.length(1);
  });

  it('sends once when a send written but answered with a failure is sent again with its key (its key forgotten)', async () => {
    const headers = { 'Idempotency-Key': 'send-written-then-503' };
    const first = await send({ ...email, subject: 'Written then failed' }, token, headers);
    // A 5xx answer forgets its key: the client's retry runs the send again.
    await app.services.knex('idempotency_keys').where({ key: 'send-written-then-503' }).delete();
    const again = await send({ ...email, subject: 'Written then failed' }, token, headers);
    expect(again.status).to.equal(202);
    expect(again.body.id).to.equal(first.body.id);
    expect(again.headers.get('idempotent-replayed')).to.equal('true');
    await settled(first.body.id);
    expect(sink.received.filter((mail) => mail.subject === 'Written then failed')).to.have.length(1);
  });

  it("refuses another user's contact or a bank that is not the user's target with 404, queueing nothing", async () => {
    const before = await app.services.knex('sent_emails').count({ n: '*' }).first();
    expect((await send({ ...email, contactId }, otherToken)).status).to.equal(404);
    const notTarget = await send({ ...email, bankId: 999_001 });
    expect(notTarget.status).to.equal(404);
    expect(notTarget.body.message).to.equal('Bank 999001 is not one of your targets.');
    expect(await app.services.knex('sent_emails').count({ n: '*' }).first()).to.deep.equal(before);
  });

  it("sends to a contact whose bank the user no longer tracks, naming the bank as the contact's record does", async () => {
    const formerCert = 5151;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: formerCert, name: 'Former Target Bank' } });
    const contact = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: formerCert, name: 'Ola Former', title: 'CEO', email: 'ola@former.example' } })).body;
    expect((await app.request(`/api/data/banks/${formerCert}/tracking`, { method: 'DELETE', token })).status).to.equal(200);

    const response = await send({ to: contact.email, subject: 'Still in touch', body: 'Hi Ola,', contactId: contact.id, bankId: formerCert });
    expect(response.status, response.text).to.equal(202);
    expect(await settled(response.body.id)).to.include({ status: 'sent', bankId: formerCert, bankName: 'Former Target Bank' });
    // The contact vouches for their own bank only.
    expect((await send({ ...email, contactId: contact.id, bankId: 999_002 })).body.message).to.equal('Bank 999002 is not one of your targets.');
  });

  it('rejects a bad recipient, an empty subject or body, and unknown fields with 400', async () => {
    expect((await send({ ...email, to: 'jane' })).body.message).to.match(/Recipient email must be an email address/);
    // an unsubscribe or a bounce would put it on the Do Not Contact list, whose index cannot hold it
    expect((await send({ ...email, to: `${'j'.repeat(320)}@route.example` })).body.message).to.equal('to: An email address can be at most 320 characters.');
    expect((await send({ ...email, subject: ' ' })).body.message).to.equal('subject: Subject is required.');
    expect((await send({ ...email, body: '' })).body.message).to.equal('body: Body is required.');
    expect((await send({ ...email, contactId: 'x' })).status).to.equal(400);
    expect((await send({ ...email, cc: 'a@b.c' })).status).to.equal(400);
  });

  it('refuses to send when no mail service is configured, before queueing anything', async () => {
    // A mail feature of its own: stopping this app must not stop the other app's dispatcher.
    const features = defaultFeatures.map((feature) => (feature.name === 'mail' ? createMailFeature() : feature));
    const bare = await startTestApp(context.db, { config: { smtpUrl: undefined }, features });
    try {
      expect((await bare.request('/api/services/mail/status', { token })).body).to.deep.equal({ ready: false, via: null });
      const response = await bare.request('/api/services/mailgun/send', { method: 'POST', token, body: email });
      expect(response.status).to.equal(400);
      expect(response.body.message).to.equal('Failed to send email. No mail service is configured: add your Mailgun key and sending domain in Settings › Data Enrichment.');
    } finally {
      await bare.stop();
    }
  });

  it("says by which service a user's mail goes: the deployment's SMTP server, or their own Mailgun account once saved", async () => {
    const user = (await app.signUp('Mail Status')).token;
    expect((await app.request('/api/services/mail/status', { token: user })).body).to.deep.equal({ ready: true, via: 'smtp' });
    const saved = await app.request('/api/data/settings', { method: 'PUT', token: user, body: { mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example' } });
    expect(saved.status).to.equal(200);
    expect((await app.request('/api/services/mail/status', { token: user })).body).to.deep.equal({ ready: true, via: 'mailgun' });
    expect((await app.request('/api/services/mail/status')).status).to.equal(401);
  });

  it('dismisses an unknown email only; failed and unknown ones can be resent, others not', async () => {
    const sent = (await send({ ...email, subject: 'Sent already' })).body.id;
    await settled(sent);
    expect((await app.request(`/api/data/sent-emails/${sent}/resend`, { method: 'POST', token })).status).to.equal(409);
    expect((await app.request(`/api/data/sent-emails/${sent}/dismiss`, { method: 'POST', token })).status).to.equal(409);
    expect((await app.request(`/api/data/sent-emails/${sent}/dismiss`, { method: 'POST', token: otherToken })).status).to.equal(404);
  });

  it("sends through Mailgun once the user saves a key and domain in Settings, and tests the saved account", async () => {
    const mailgunUser = (await app.signUp('Mailgun User')).token;
    await app.request('/api/data/banks', { method: 'POST', token: mailgunUser, body: { cert, name: 'Route Test Bank' } });
    const saved = await app.request('/api/data/settings', { method: 'PUT', token: mailgunUser, body: { mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example', mailgunRegion: 'EU' } });
    expect(saved.status).to.equal(200);
    const queued = await send({ ...email, subject: 'Through Mailgun', bankId: cert }, mailgunUser);
    for (;;) {
      const record = (await app.request(`/api/data/sent-emails/${queued.body.id}`, { token: mailgunUser })).body;
      if (record.status === 'sent') {
        expect(record.transport).to.equal('mailgun');
        break;
      }
      expect(record.status).to.be.oneOf(['queued', 'sending']);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mailgun.accepted.filter((message) => message.fields.get('subject') === 'Through Mailgun')).to.have.length(1);
    const test = await app.request('/api/services/mailgun/test', { method: 'POST', token: mailgunUser, body: { mailgunApiKey: '••••good' } });
    expect(test.body).to.deep.equal({ success: true, message: 'Connected to Mailgun: domain mg.charterline.example is active.' });
  });

  it('tests a typed Mailgun key and domain against the provider', async () => {
    const test = (body: unknown) => app.request('/api/services/mailgun/test', { method: 'POST', token, body });
    expect((await test({ mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example' })).body).to.deep.equal({ success: true, message: 'Connected to Mailgun: domain mg.charterline.example is active.' });
    expect((await test({ mailgunApiKey: 'key-good', mailgunDomain: 'mg.new.example', mailgunRegion: 'EU' })).body.message).to.match(/is unverified/);
    expect((await test({ mailgunApiKey: 'key-bad', mailgunDomain: 'mg.charterline.example' })).body).to.deep.equal({ success: false, message: 'Mailgun refused the API key. Check the key and the region (US or EU).' });
    expect((await test({ mailgunApiKey: 'key-good', mailgunDomain: 'mg.other.example' })).body.success).to.equal(false);
    expect((await test({})).body).to.deep.equal({ success: false, message: 'No Mailgun API key saved yet.' });
    expect((await test({ mailgunApiKey: '', mailgunDomain: 'mg.charterline.example' })).body).to.deep.equal({ success: false, message: 'Enter your Mailgun API key to test the connection.' });
  });

  it("tests nothing when the saved key's field was emptied, and no saved domain when the domain field was", async () => {
    const keyHolder = (await app.signUp('Key Holder')).token;
    await app.request('/api/data/settings', { method: 'PUT', token: keyHolder, body: { mailgunApiKey: 'key-good', mailgunDomain: 'mg.charterline.example' } });
    const test = (body: unknown) => app.request('/api/services/mailgun/test', { method: 'POST', token: keyHolder, body });
    expect((await test({ mailgunApiKey: '', mailgunDomain: 'mg.charterline.example' })).body).to.deep.equal({
      success: false,
      message: 'Enter your Mailgun API key to test the connection. With the field empty, Save API Keys removes the saved key.',
    });
    expect((await test({ mailgunApiKey: '••••good', mailgunDomain: '' })).body.message).to.match(/^Enter the sending domain/);
  });
});
