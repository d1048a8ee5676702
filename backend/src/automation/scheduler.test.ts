import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { features, mailFeature } from '../features.ts';
import { createDispatcher, type Dispatcher } from '../mail/dispatcher.ts';
import { createOutbox } from '../mail/outbox.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { contactDecider } from '../outreach/contacts/decider.ts';
import { contactStreamId } from '../outreach/contacts/events.ts';
import type { MailTransport } from '../mail/transport.ts';
import { createAutomationFeature } from './feature.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { stepRecordId } from './record-ids.ts';
import { createScheduler, type Scheduler } from './scheduler.ts';
import { localTime } from './send-window.ts';
import { importAcquisition, importActiveBanks } from '../../../test/support/bank-changes.ts';

const hour = 60 * 60_000;

describeWithDatabase('automation scheduler', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let workflowId: string;
  let current: Date;
  const clock = { now: () => current, random: () => 0.5 };
  const sent: Array<{ to: string; subject: string; text: string; at: Date }> = [];
  // The mail service refuses one address for good: a bounce.
  const transport: MailTransport = {
    kind: 'smtp',
    async send(mail) {
      if (mail.to.email.startsWith('bounce')) return { kind: 'failed', reason: '550 No such mailbox' };
      sent.push({ to: mail.to.email, subject: mail.subject, text: mail.text, at: current });
      return { kind: 'sent', providerMessageId: null };
    },
  };
  let scheduler: Scheduler;
  let dispatcher: Dispatcher;
  const contacts: Record<string, string> = {};

  before(async () => {
    // This app only queues: the test runs the scheduler and the dispatcher itself, tick by tick.
    const automation = createAutomationFeature(mailFeature, { clock });
    app = await startTestApp(context.db, {
      config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9', publicUrl: 'http://charterline.test' },
      features: features.map((feature) => (feature.name === 'automation' ? automation : feature)),
    });
    const services = app.services;
    scheduler = createScheduler({ knex: services.knex, eventStore: services.eventStore, outbox: mailFeature.outboxFor(services), publicUrl: 'http://charterline.test', linkSecret: services.jwtSecret, ...clock, spreadMinutes: 10 });
    dispatcher = createDispatcher({ knex: services.knex, eventStore: services.eventStore, transportFor: async () => transport, now: clock.now });
    ({ token, user: { id: userId } } = await app.signUp('Owner'));
    await app.request('/api/data/settings', { method: 'PUT', token, body: { dailySendCap: 2 } });
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    for (const name of ['Ann', 'Ben', 'Cal', 'Bounce', 'Una']) {
      // Cal's LinkedIn profile is known: his visit task says where to find him
      const profile = name === 'Cal' ? { linkedinUrl: 'https://www.linkedin.com/in/cal-alpha' } : {};
      const response = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name, title: 'CFO', email: `${name.toLowerCase()}@alpha.example`, ...profile } });
      contacts[name] = response.body.id;
    }
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}},\nA note.' } });
    const steps = [
      { day: 1, type: 'Email', templateId: template.body.id },
      { day: 3, type: 'LinkedIn Visit' },
      { day: 5, type: 'Email', templateId: template.body.id },
      { day: 8, type: 'Email', templateId: template.body.id },
      { day: 14, type: 'Email', templateId: template.body.id },
    ];
    workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Two weeks', steps } })).body.id;
  });
  after(async () => app.stop());

  const enrolments = async (filter: Record<string, unknown>) =>
    (await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify(filter))}&range=[0,99]`, { token })).body as Array<Record<string, any>>;
  /** How each enrolment of a contact ended (or runs on). */
  const outcome = async (contactId: string) => (await enrolments({ contactId })).map(({ status, stopReason, emailsSent }) => ({ status, stopReason, emailsSent }));
  const tick = async () => {
    await scheduler.drain();
    await dispatcher.drain();
  };

  it('runs a 14-day workflow inside the send window, on weekdays, under the daily cap, stopping on a bounce and an unsubscribe', async function () {
    // three simulated weeks, hour by hour
    this.timeout(240_000);
    // Tuesday 2026-11-24, 15:00 in Chicago.
    current = new Date('2026-11-24T21:00:00Z');
    const started = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: Object.values(contacts) } });
    expect(started.status, started.text).to.equal(201);
    let unsubscribed = false;
    for (let step = 0; step < 24 * 21; step += 1) {
      await tick();
      const una = sent.find((mail) => mail.to === 'una@alpha.example');
      if (una && !unsubscribed) {
        const link = /http:\/\/charterline\.test(\/api\/public\/unsubscribe\/\S+)/.exec(una.text)![1];
        const page = await app.request(link);
        expect(page.status).to.equal(200);
        expect(page.text).to.contain('una@alpha.example');
        expect((await app.request(link, { method: 'POST' })).text).to.contain('You are unsubscribed');
        unsubscribed = true;
      }
      current = new Date(current.getTime() + hour);
      // PGlite runs on this thread: a request now and then keeps the client's pooled connection from going stale.
      if (step % 12 === 0) await app.request('/api/health');
    }

    const byName = Object.fromEntries((await enrolments({ workflowId })).map((row) => [row.contactName, row]));
    for (const name of ['Ann', 'Ben', 'Cal']) expect(byName[name]).to.include({ status: 'completed', stepsSent: 5, emailsSent: 4 });
    expect(byName.Bounce).to.include({ status: 'stopped', stopReason: 'send-failed', emailsSent: 1 });
    expect(byName.Bounce.stopDetail).to.contain('550 No such mailbox');
    expect(byName.Una).to.include({ status: 'stopped', stopReason: 'unsubscribed', emailsSent: 1 });

    // 3 × 4 emails and Una's one went out (Bounce's was refused by the mail service).
    expect(sent).to.have.length(13);
    const perDay = new Map<string, number>();
    for (const mail of sent) {
      const local = localTime(mail.at, 'America/Chicago');
      const weekday = new Date(Date.UTC(local.year, local.month - 1, local.day)).getUTCDay();
      expect(weekday, `${mail.at.toISOString()} is a weekday`).to.be.within(1, 5);
      expect(local.hour, `${mail.at.toISOString()} is inside 8:00-18:00`).to.be.within(8, 17);
      const key = `${local.year}-${local.month}-${local.day}`;
      perDay.set(key, (perDay.get(key) ?? 0) + 1);
    }
    expect(Math.max(...perDay.values())).to.equal(2);
    expect(sent[0]).to.include({ subject: 'Hello Alpha Bank' });
    expect(sent[0].text).to.match(/^Dear (Ann|Ben|Bounce|Cal|Una),\nA note\.\n\n--\nTo stop receiving these emails, unsubscribe here: http:\/\/charterline\.test\/api\/public\/unsubscribe\//);

    // The LinkedIn visits became tasks, one per contact who got that far, with the profile's address when the contact has one.
    const tasks = (await app.request('/api/data/tasks?range=[0,99]', { token })).body.map((task: { text: string }) => task.text).sort();
    expect(tasks).to.deep.equal(['Visit Ann on LinkedIn', 'Visit Ben on LinkedIn', 'Visit Cal on LinkedIn: https://www.linkedin.com/in/cal-alpha']);

    // Una is on the Do Not Contact list: a manual send is refused.
    const manual = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'una@alpha.example', subject: 'Hi', body: 'Hello' } });
    expect(manual.body.message).to.equal('Not sent: una@alpha.example is on your Do Not Contact list (they unsubscribed).');
    const statistics = await app.request(`/api/data/workflows/${workflowId}/statistics`, { token });
    expect(statistics.body).to.include({ enrolled: 5, sent: 5, failed: 1, unsubscribed: 1, completed: 3, replied: 0 });
  });

  it('refuses a forged unsubscribe link', async () => {
    const page = await app.request('/api/public/unsubscribe/eyJ1IjoiMSJ9.forged');
    expect(page.status).to.equal(404);
    expect(page.text).to.contain('This unsubscribe link is not valid');
  });

  it('stops an enrolment when the contact replies, and when the contact is deleted', async () => {
    // A reply is dated by the server's own clock: the enrolment starts a minute before it.
    current = new Date(Date.now() - 60_000);
    const ids = [contacts.Ann, contacts.Ben];
    await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: ids } });
    await app.request(`/api/data/contacts/${contacts.Ann}/replied`, { method: 'PUT', token });
    await app.request(`/api/data/contacts/${contacts.Ben}`, { method: 'DELETE', token });
    // Before the round records the stops, the enrolments say they are stopping, and why.
    const [annStopping] = await enrolments({ contactId: contacts.Ann, status: 'active' });
    expect(annStopping.stopping).to.deep.equal({ reason: 'replied', detail: 'The contact replied.' });
    const [benStopping] = await enrolments({ contactId: contacts.Ben, status: 'active' });
    expect(benStopping.stopping).to.deep.equal({ reason: 'contact-deleted', detail: 'The contact was deleted.' });
    await scheduler.runOnce();
    const [ann] = await enrolments({ contactId: contacts.Ann, status: 'stopped' });
    expect(ann).to.include({ stopReason: 'replied', stopDetail: 'The contact replied.', emailsSent: 0, stopping: null });
    const [ben] = await enrolments({ contactId: contacts.Ben, status: 'stopped' });
    expect(ben).to.include({ stopReason: 'contact-deleted' });
  });

  it('stops an enrolment whose contact moved to another bank, saying so, and sends the contact nothing more', async () => {
    current = new Date('2026-12-14T15:00:00Z'); // Monday 9:00 in Chicago
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 630, name: 'Gamma Bank', state: 'IL' } });
    const moe = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Moe', title: 'CFO', email: 'moe@alpha.example' } })).body.id;
    await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [moe] } });
    expect((await app.request(`/api/data/contacts/${moe}`, { method: 'PUT', token, body: { bankId: 630 } })).status).to.equal(200);
    const movedDetail = 'The contact moved to another bank.';
    const [stopping] = await enrolments({ contactId: moe, status: 'active' });
    expect(stopping.stopping).to.deep.equal({ reason: 'contact-moved', detail: movedDetail });
    await tick();
    const [stopped] = await enrolments({ contactId: moe });
    expect(stopped).to.include({ status: 'stopped', stopReason: 'contact-moved', stopDetail: movedDetail, emailsSent: 0 });
    expect(sent.filter((mail) => mail.to === 'moe@alpha.example')).to.deep.equal([]);
    const history = (await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: stopped.id, type: ['EnrolmentStopped'] }))}`, { token })).body;
    expect(history.map((row: { summary: string }) => row.summary)).to.deep.equal([`Stopped the enrolment: ${movedDetail}`]);
  });

  it('keeps stopped an enrolment whose contact or workflow was deleted and restored before the round, and runs one started after the restore', async () => {
    // A restore is dated by the server's own clock: the enrolments start a minute before it.
    current = new Date(Date.now() - 60_000);
    const add = async (name: string) => (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name, title: 'CFO', email: `${name.toLowerCase()}@alpha.example` } })).body.id;
    const [rae, sid] = [await add('Rae'), await add('Sid')];
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Undone intro', subject: 'Hi', body: 'A note.' } });
    const undone = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Undone', steps: [{ day: 2, type: 'Email', templateId: template.body.id }] } })).body.id;
    await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [rae] } });
    await app.request(`/api/data/workflows/${undone}/enrolments`, { method: 'POST', token, body: { contactIds: [sid] } });
    for (const record of [`contacts/${rae}`, `workflows/${undone}`]) {
      expect((await app.request(`/api/data/${record}`, { method: 'DELETE', token })).status).to.equal(200);
      expect((await app.request(`/api/data/${record}/restore`, { method: 'POST', token })).status).to.equal(200);
    }
    const [raeStopping] = await enrolments({ contactId: rae, status: 'active' });
    expect(raeStopping.stopping).to.deep.equal({ reason: 'contact-deleted', detail: 'The contact was deleted.' });
    await tick();
    expect(await outcome(rae)).to.deep.equal([{ status: 'stopped', stopReason: 'contact-deleted', emailsSent: 0 }]);
    expect(await outcome(sid)).to.deep.equal([{ status: 'stopped', stopReason: 'workflow-deleted', emailsSent: 0 }]);
    // started again after the restore: the contact and workflow are the user's to automate again
    current = new Date(Date.now() + 1_000);
    await app.request(`/api/data/workflows/${undone}/enrolments`, { method: 'POST', token, body: { contactIds: [rae] } });
    await tick();
    const [again] = await enrolments({ contactId: rae, workflowId: undone });
    expect(again).to.include({ status: 'active', stopping: null });
  });

  it('keeps stopped an enrolment whose bank was untracked or taken off the targets and put back before the round, and runs one started after', async () => {
    // Putting a bank back is dated by the server's own clock: the enrolments start a minute before it.
    current = new Date(Date.now() - 60_000);
    const track = (cert: number, name: string) => app.request('/api/data/banks', { method: 'POST', token, body: { cert, name, state: 'IL' } });
    const add = async (name: string, bankId: number) => (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId, name, title: 'CFO', email: `${name.toLowerCase()}@bank.example` } })).body.id;
    await track(3510, 'Gamma Bank');
    await track(3511, 'Delta Bank');
    const [gus, dot] = [await add('Gus', 3510), await add('Dot', 3511)];
    // no email: the daily cap stays the other tests'
    const visit = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Bank back', steps: [{ day: 2, type: 'LinkedIn Visit' }] } })).body.id;
    expect((await app.request(`/api/data/workflows/${visit}/enrolments`, { method: 'POST', token, body: { contactIds: [gus, dot] } })).status).to.equal(201);
    expect((await app.request('/api/data/banks/3510/tracking', { method: 'DELETE', token })).status).to.equal(200);
    expect((await track(3510, 'Gamma Bank')).status).to.be.below(300);
    expect((await app.request('/api/data/banks/3511', { method: 'DELETE', token })).status).to.equal(200);
    expect((await app.request('/api/data/banks/3511/target', { method: 'PUT', token, body: { isTarget: true } })).status).to.equal(200);
    const untargeted = { reason: 'bank-untargeted', detail: 'The bank is no longer among your targets.' };
    for (const contactId of [gus, dot]) expect((await enrolments({ contactId, status: 'active' }))[0].stopping).to.deep.equal(untargeted);
    await tick();
    for (const contactId of [gus, dot]) expect(await outcome(contactId)).to.deep.equal([{ status: 'stopped', stopReason: 'bank-untargeted', emailsSent: 0 }]);
    // started again after the bank came back: it is the user's to automate again
    current = new Date(Date.now() + 1_000);
    await app.request(`/api/data/workflows/${visit}/enrolments`, { method: 'POST', token, body: { contactIds: [gus] } });
    await tick();
    const [again] = await enrolments({ contactId: gus, status: 'active' });
    expect(again).to.include({ status: 'active', stopping: null });
  });

  it('stops an enrolment for want of a mail service, saying so apart from a bounce, whether the email was refused or found no service when sent', async () => {
    current = new Date('2026-12-14T15:00:00Z'); // Monday 9:00 in Chicago
    const services = app.services;
    const noService = async () => null;
    const unsetScheduler = createScheduler({ knex: services.knex, eventStore: services.eventStore, outbox: createOutbox({ knex: services.knex, eventStore: services.eventStore, transportFor: noService }), publicUrl: 'http://charterline.test', linkSecret: services.jwtSecret, ...clock, spreadMinutes: 10 });
    const unsetDispatcher = createDispatcher({ knex: services.knex, eventStore: services.eventStore, transportFor: noService, now: clock.now });
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Unsent intro', subject: 'Hi', body: 'A note.' } });
    const unsent = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Unsent', steps: [{ day: 1, type: 'Email', templateId: template.body.id }, { day: 3, type: 'LinkedIn Visit' }] } })).body.id;
    const add = async (name: string) => (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name, title: 'CFO', email: `${name.toLowerCase()}@alpha.example` } })).body.id;
    const refused = await add('Nell');
    await app.request(`/api/data/workflows/${unsent}/enrolments`, { method: 'POST', token, body: { contactIds: [refused] } });
    await unsetScheduler.drain();
    // queued while a service was set up, and found none when sent
    const foundNone = await add('Otto');
    await app.request(`/api/data/workflows/${unsent}/enrolments`, { method: 'POST', token, body: { contactIds: [foundNone] } });
    await scheduler.drain();
    await unsetDispatcher.drain();
    await scheduler.drain();
    const detail = 'No mail service is configured: add your Mailgun key and sending domain in Settings › Data Enrichment.';
    for (const contactId of [refused, foundNone]) {
      const [stopped] = await enrolments({ contactId });
      expect(stopped, contactId).to.include({ status: 'stopped', stopReason: 'no-mail-service', stopDetail: detail });
    }
  });

  it('runs a new enrolment of a contact who replied before it, and stops it at their next reply', async () => {
    const dee = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Dee', title: 'CEO', email: 'dee@alpha.example' } })).body.id;
    const repliedAt = new Date('2026-12-01T15:00:00Z');
    const markReplied = (at: Date) => handleCommand(app.services.eventStore, contactDecider, contactStreamId(dee), { type: 'MarkContactReplied', userId, at: at.toISOString() });
    await markReplied(repliedAt);
    current = new Date(repliedAt.getTime() + hour);
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Follow-up', steps: [{ day: 3, type: 'LinkedIn Visit' }] } });
    await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [dee] } });
    await scheduler.runOnce();
    const [running] = await enrolments({ contactId: dee, workflowId: workflow.body.id });
    expect(running).to.include({ status: 'active', stopReason: null, stopping: null });

    current = new Date(repliedAt.getTime() + 2 * hour);
    await markReplied(current);
    await scheduler.runOnce();
    const [stopped] = await enrolments({ contactId: dee, workflowId: workflow.body.id });
    expect(stopped).to.include({ status: 'stopped', stopReason: 'replied' });
  });

  it('stops the enrolments of a deleted workflow, and sends nothing more for it', async () => {
    current = new Date('2026-12-14T15:00:00Z'); // Monday 9:00 in Chicago
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Short intro', subject: 'Hi', body: 'A note.' } });
    const dropped = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Dropped idea', steps: [{ day: 1, type: 'Email', templateId: template.body.id }] } });
    await app.request(`/api/data/workflows/${dropped.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contacts.Cal] } });
    expect((await app.request(`/api/data/workflows/${dropped.body.id}`, { method: 'DELETE', token })).status).to.equal(200);
    const sentBefore = sent.length;
    await tick();
    const [cal] = await enrolments({ contactId: contacts.Cal, workflowId: dropped.body.id });
    expect(cal).to.include({ status: 'stopped', stopReason: 'workflow-deleted', stopDetail: 'The workflow "Dropped idea" was deleted.', emailsSent: 0 });
    expect(sent.length).to.equal(sentBefore);
  });

  it('reschedules a step missed by more than a day instead of sending it late', async () => {
    current = new Date('2026-12-15T15:00:00Z'); // Tuesday 9:00 in Chicago
    const [enrolment] = (await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contacts.Cal] } })).body.enrolments;
    // The worker was down until Thursday 9:00.
    current = new Date('2026-12-17T15:00:00Z');
    await scheduler.runOnce();
    const history = (await app.request(`/api/data/enrolments/${enrolment.id}/history`, { token })).body;
    expect(history.at(-1).summary).to.equal('Scheduled step 1 for 2026-12-17T15:05:00.000Z (missed by more than a day)');
    current = new Date('2026-12-17T15:05:00Z');
    await scheduler.runOnce();
    const [after] = await enrolments({ contactId: contacts.Cal, status: 'active' });
    expect(after).to.include({ emailsSent: 1 });
  });

  it('runs each due step once when two schedulers race for it, and keeps to the cap', async () => {
    current = new Date('2026-12-21T15:00:00Z'); // Monday 9:00 in Chicago
    const knex = app.services.knex;
    await app.request('/api/data/settings', { method: 'PUT', token, body: { dailySendCap: 3 } });
    const extra: string[] = [];
    for (let i = 0; i < 6; i += 1) {
      extra.push((await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: `Racer ${i}`, title: 'CFO', email: `racer${i}@alpha.example` } })).body.id);
    }
    // Enrolled while the window was closed (Sunday), so every first step is due at Monday's opening.
    current = new Date('2026-12-20T15:00:00Z');
    await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: extra } });
    current = new Date('2026-12-21T15:00:00Z');
    const other = createScheduler({ knex, eventStore: app.services.eventStore, outbox: mailFeature.outboxFor(app.services), publicUrl: 'http://charterline.test', linkSecret: app.services.jwtSecret, ...clock, spreadMinutes: 10 });
    current = new Date('2026-12-21T16:00:00Z');
    await Promise.all([scheduler.runOnce(), other.runOnce(), scheduler.runOnce(), other.runOnce()]);
    const queued = await knex('sent_emails').whereIn('contact_id', extra).select('id', 'contact_id');
    expect(queued).to.have.length(3);
    expect(new Set(queued.map((row: { contact_id: string }) => row.contact_id)).size).to.equal(3);
    // Each slot of the cap is held by one queued email: no worker took a second for a step another was sending.
    const slots = await knex('automation_send_slots').where({ day: '2026-12-21' }).select('email_id');
    expect(slots.map((slot: { email_id: string }) => slot.email_id).sort()).to.deep.equal(queued.map((row: { id: string }) => row.id).sort());
    const rows = await knex('enrolments').whereIn('contact_id', extra).select('emails_sent');
    expect(rows.reduce((sum: number, row: { emails_sent: number }) => sum + row.emails_sent, 0)).to.equal(3);
    const [count] = await knex('automation_send_counts').where({ day: '2026-12-21' }).select('sent');
    expect(count.sent).to.equal(3);
  });

  it('frees the day\'s slot of a step whose email was queued on an earlier day and whose record was lost', async () => {
    current = new Date('2026-12-28T15:00:00Z'); // Monday 9:00 in Chicago
    const knex = app.services.knex;
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Lou', title: 'CFO', email: 'lou@alpha.example' } })).body.id;
    const [enrolment] = (await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } })).body.enrolments;
    // A worker queued the first step's email on Sunday and stopped before recording the step.
    const emailId = stepRecordId(enrolment.id, 0, 'email');
    await runWithContext(systemContext({ userId, source: 'workflow' }), () =>
      mailFeature.outboxFor(app.services).queue({ id: emailId, queuedAt: new Date('2026-12-27T18:00:00Z'), userId, to: 'lou@alpha.example', contactId, bankId: 628, subject: 'Hello', body: 'Hi' }),
    );
    await scheduler.runOnce();
    const [after] = await enrolments({ contactId });
    expect(after).to.include({ emailsSent: 1 });
    expect(await knex('sent_emails').where({ contact_id: contactId }).select('id')).to.deep.equal([{ id: emailId }]);
    // Nothing went out on Monday: no slot of Monday's cap is held for it.
    expect(await knex('automation_send_slots').where({ day: '2026-12-28' }).select('email_id')).to.deep.equal([]);
    const counts = await knex('automation_send_counts').where({ day: '2026-12-28' }).select('sent');
    expect(counts.map((row: { sent: number }) => row.sent)).to.deep.equal([0]);
  });

  it('forgets the send cap of days no time zone can be in any more, and keeps the days around today', async () => {
    const knex = app.services.knex;
    current = new Date('2026-12-30T15:00:00Z');
    const days = ['2026-12-20', '2026-12-27', '2026-12-28', '2026-12-30'];
    for (const day of days) {
      await knex('automation_send_slots').insert({ user_id: userId, day, email_id: '00000000-0000-4000-8000-000000000000' });
      await knex('automation_send_counts').insert({ user_id: userId, day, sent: 1 }).onConflict(['user_id', 'day']).merge();
    }
    await scheduler.runOnce();
    const kept = async (table: string) => (await knex(table).where({ user_id: userId }).whereIn('day', days).orderBy('day').pluck('day')) as string[];
    expect(await kept('automation_send_slots')).to.deep.equal(['2026-12-28', '2026-12-30']);
    expect(await kept('automation_send_counts')).to.deep.equal(['2026-12-28', '2026-12-30']);
  });

  it('counts a step that fails as no work done, so the worker waits for its next round instead of running the step again at once', async () => {
    current = new Date('2027-01-05T15:00:00Z'); // Tuesday 9:00 in Chicago
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Moe', title: 'CFO', email: 'moe@alpha.example' } })).body.id;
    await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } });
    const outbox = mailFeature.outboxFor(app.services);
    // Queuing Moe's email fails every time; everyone else's goes through.
    const failingForMoe: typeof outbox = { ...outbox, queue: (mail) => (mail.to === 'moe@alpha.example' ? Promise.reject(new Error('the database went away')) : outbox.queue(mail)) };
    const broken = createScheduler({ knex: app.services.knex, eventStore: app.services.eventStore, outbox: failingForMoe, publicUrl: 'http://charterline.test', linkSecret: app.services.jwtSecret, ...clock, spreadMinutes: 10 });
    // Counted as work done, the failing step kept the rounds going back to back for ever.
    const drained = await Promise.race([broken.drain().then(() => true), new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 5_000))]);
    expect(drained, 'the rounds end once only the failing step is due').to.equal(true);
    const [waiting] = await enrolments({ contactId });
    expect(waiting).to.include({ status: 'active', emailsSent: 0 });
    expect(await scheduler.runOnce()).to.be.at.least(1);
    const [after] = await enrolments({ contactId });
    expect(after).to.include({ emailsSent: 1 });
  });

  it('stops an enrolment whose template, saved before templates were checked, cannot be read, saying why', async () => {
    current = new Date('2027-01-12T15:00:00Z'); // Tuesday 9:00 in Chicago
    const knex = app.services.knex;
    const template = (await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Old', subject: 'Hello', body: 'Dear {{contactName}},' } })).body;
    await knex('templates').where({ id: template.id }).update({ body: 'Dear {{#if contactName}} friend' });
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Old one', steps: [{ day: 1, type: 'Email', templateId: template.id }] } })).body;
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ola', title: 'CFO', email: 'ola@alpha.example' } })).body.id;
    await app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } });
    await scheduler.runOnce();
    const [after] = await enrolments({ contactId });
    expect(after).to.include({ status: 'stopped', stopReason: 'send-failed', emailsSent: 0 });
    expect(after.stopDetail).to.match(/^Template syntax error in the body at line 1, column \d+: a \{\{#block\}\} is never closed\.$/);
  });
  it('stops an enrolment whose template names a placeholder that does not exist, instead of sending the contact N/A', async () => {
    current = new Date('2027-01-12T15:00:00Z'); // Tuesday 9:00 in Chicago
    const template = (await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Typo', subject: 'Hello {{bankName}}', body: 'Dear {{FirstName}},\n{{bank.name}} and {{firstname}}' } })).body;
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Typo one', steps: [{ day: 1, type: 'Email', templateId: template.id }] } })).body;
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Tia', title: 'CFO', email: 'tia@alpha.example' } })).body.id;
    await app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } });
    await tick();
    const [after] = await enrolments({ contactId });
    expect(after).to.include({ status: 'stopped', stopReason: 'send-failed', emailsSent: 0 });
    expect(after.stopDetail).to.equal('The template names placeholders that do not exist: {{FirstName}}, {{bank.name}}, {{firstname}}. Correct the template, then enrol the contact again.');
    expect(sent.filter((mail) => mail.to === 'tia@alpha.example')).to.deep.equal([]);
  });

  it('stops the enrolments of a bank the regulator lists as closed since they started, and keeps one started knowing it had closed', async () => {
    const knex = app.services.knex;
    const small = { cert: 8811, name: 'Prairie State Bank' };
    const big = { cert: 8812, name: 'Big Bank' };
    await importActiveBanks(knex, [small, big]);
    await app.request('/api/data/banks', { method: 'POST', token, body: small });
    const contactAt = async (name: string) =>
      (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: small.cert, name, title: 'CFO', email: `${name.toLowerCase()}@prairie.example` } })).body.id as string;
    const template = (await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Prairie note', subject: 'Hello', body: 'A note.' } })).body;
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Prairie', steps: [{ day: 2, type: 'Email', templateId: template.id }] } })).body;
    const enrol = (contactId: string) => app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } });

    current = new Date('2027-01-19T15:00:00Z'); // Tuesday 9:00 in Chicago
    const pat = await contactAt('Pat');
    expect((await enrol(pat)).status).to.equal(201);
    await importAcquisition(knex, small, big);
    const closed = { reason: 'bank-closed', detail: 'Acquired by Big Bank on Jun 15, 2026. Its addresses may no longer work.' };
    const [stopping] = await enrolments({ contactId: pat });
    expect(stopping.stopping).to.deep.equal(closed);

    // Warned on the screen, the user starts another one all the same: the closure does not stop it.
    const quinn = await contactAt('Quinn');
    expect((await enrol(quinn)).status).to.equal(201);
    expect((await enrolments({ contactId: quinn }))[0].stopping).to.equal(null);
    current = new Date('2027-01-20T20:00:00Z'); // Wednesday 14:00 in Chicago: both steps due
    await tick();
    const [pats] = await enrolments({ contactId: pat });
    expect(pats).to.include({ status: 'stopped', stopReason: closed.reason, stopDetail: closed.detail, emailsSent: 0 });
    const [quinns] = await enrolments({ contactId: quinn });
    expect(quinns).to.include({ status: 'completed', emailsSent: 1, stopping: null });
    expect(sent.map((mail) => mail.to).filter((to) => to.endsWith('@prairie.example'))).to.deep.equal(['quinn@prairie.example']);
  });

  it('schedules a step day saved before the ten-year limit at ten years, instead of failing the step at every round', async () => {
    current = new Date('2027-01-05T15:00:00Z'); // Tuesday 9:00 in Chicago
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Fay', title: 'CFO', email: 'fay@alpha.example' } })).body.id;
    const started = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [contactId] } });
    const [enrolment] = started.body.enrolments;
    // An enrolment of a workflow saved when any day was accepted.
    const steps = (await app.services.knex('enrolments').where({ id: enrolment.id }).first('steps')).steps as Array<{ day: number }>;
    steps[1].day = 99_999_999_999;
    await app.services.knex('enrolments').where({ id: enrolment.id }).update({ steps: JSON.stringify(steps) });
    expect(await scheduler.runOnce()).to.be.at.least(1);
    const [after] = await enrolments({ contactId });
    expect(after).to.include({ status: 'active', emailsSent: 1 });
    expect(new Date(after.nextStep.dueAt).getTime() - current.getTime()).to.be.within(3648 * 24 * hour, 3650 * 24 * hour);
  });
  it('keeps a later step its days apart from a step that waited for the window: a day-2 email of a Saturday start goes on Tuesday, not minutes after Monday\'s', async () => {
    current = new Date('2027-02-06T15:00:00Z'); // Saturday 9:00 in Chicago
    const { token: own } = await app.signUp('Weekend starter');
    await app.request('/api/data/banks', { method: 'POST', token: own, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token: own, body: { bankId: 628, name: 'Gus', title: 'CFO', email: 'gus@alpha.example' } })).body.id;
    const template = (await app.request('/api/data/templates', { method: 'POST', token: own, body: { name: 'Follow-up', subject: 'Hello', body: 'A note.' } })).body.id;
    const steps = [1, 2, 4].map((day) => ({ day, type: 'Email', templateId: template }));
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token: own, body: { name: 'Quick touch', steps } })).body.id;
    expect((await app.request(`/api/data/workflows/${workflow}/enrolments`, { method: 'POST', token: own, body: { contactIds: [contactId] } })).status).to.equal(201);
    // to Thursday 18:00 in Chicago, hour by hour
    for (let step = 0; step < 24 * 5 + 9; step += 1) {
      await tick();
      current = new Date(current.getTime() + hour);
    }
    const days = sent.filter((mail) => mail.to === 'gus@alpha.example').map((mail) => localTime(mail.at, 'America/Chicago').day);
    expect(days, 'Monday 8th, Tuesday 9th, Thursday 11th').to.deep.equal([8, 9, 11]);
  });

  it('sends a subject whose placeholder value has a line break on one line, the break a single space', async () => {
    current = new Date('2027-01-12T15:00:00Z'); // Tuesday 9:00 in Chicago
    const { token: own } = await app.signUp('Title sender');
    await app.request('/api/data/banks', { method: 'POST', token: own, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    const template = (await app.request('/api/data/templates', { method: 'POST', token: own, body: { name: 'For the title', subject: 'A note for the {{contactTitle}}', body: 'Hello.' } })).body;
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token: own, body: { name: 'Title one', steps: [{ day: 1, type: 'Email', templateId: template.id }] } })).body;
    const contact = await app.request('/api/data/contacts', { method: 'POST', token: own, body: { bankId: 628, name: 'Lin', title: 'Chief Financial\r\n  Officer\nand Treasurer', email: 'lin@alpha.example' } });
    expect(contact.status).to.equal(201);
    await app.request(`/api/data/workflows/${workflow.id}/enrolments`, { method: 'POST', token: own, body: { contactIds: [contact.body.id] } });
    await tick();
    expect(sent.filter((mail) => mail.to === 'lin@alpha.example').map((mail) => mail.subject)).to.deep.equal(['A note for the Chief Financial Officer and Treasurer']);
  });
});
