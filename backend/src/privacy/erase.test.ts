import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { tablesContaining } from '../../../test/support/tables.ts';
import { projections } from '../../../projections/index.ts';
import { inlineProjections } from '../../../projections/runner.ts';
import { PostgresEventStore } from '../eventstore/postgres.ts';
import { runWithContext, systemContext } from '../context/request-context.ts';
import { activitySearchWorker } from '../outreach/activity-search.ts';
import { contactEvents } from '../outreach/contacts/events.ts';
import { createScheduler } from '../automation/scheduler.ts';
import { mailFeature } from '../features.ts';
import { handleCommand } from '../commands/handle-command.ts';
import { enrolmentDecider } from '../outreach/enrolments/decider.ts';
import { enrolmentStreamId } from '../outreach/enrolments/events.ts';
import { taskDecider } from '../outreach/tasks/decider.ts';
import { RuleBroken } from '../commands/errors.ts';
import { stepRecordId } from '../automation/record-ids.ts';
import { visitTaskText } from '../automation/visit-task.ts';

describeWithDatabase('erasing a contact (GDPR)', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let zeldaId: string;
  const zelda = { name: 'Zelda Quixote', email: 'zelda.quixote@erase.example', linkedinUrl: 'https://www.linkedin.com/in/zelda-quixote-77' };
  const legacy = { name: 'Xavier Oldfield', email: 'xavier.oldfield@legacy.example', linkedinUrl: 'https://www.linkedin.com/in/xavier-oldfield-12' };
  const legacyId = randomUUID();

  before(async () => {
    app = await startTestApp(context.db);
    const signedUp = await app.signUp('Eraser');
    token = signedUp.token;
    userId = signedUp.user.id;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 901, name: 'Erie Bank', state: 'PA' } });
    zeldaId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 901, title: 'CFO', isHotLead: true, ...zelda } })).body.id;
    await app.request(`/api/data/contacts/${zeldaId}`, { method: 'PUT', token, body: { name: 'Zelda Q. Quixote', email: 'zq@erase.example' } });
    await app.request('/api/data/sent-emails', {
      method: 'POST',
      token,
      body: { contactId: zeldaId, bankId: 901, recipientName: zelda.name, recipientEmail: zelda.email, subject: 'For Zelda Quixote', body: 'Hi Zelda Quixote, about Erie Bank', sentAt: '2026-11-02T09:00:00Z' },
    });
    // a contact stored before personal data was sealed: its events hold the fields in plain text
    const unsealed = new PostgresEventStore(context.db.knex, inlineProjections(projections));
    await runWithContext(systemContext({ userId, source: 'ui' }), () =>
      unsealed.append(`contact-${legacyId}`, [contactEvents.ContactAdded.create({ contactId: legacyId, ownerId: userId, bankId: 901, bankName: 'Erie Bank', title: 'CEO', tags: [], addressHeld: false, ...legacy })], { expectedVersion: 'no_stream' }),
    );
    // an automation going through her, whose first step (a LinkedIn visit) has written her name into a task;
    // its steps are days ahead, so only this test's scheduler runs them, never the app's on the real clock
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visits', steps: [{ day: 2, type: 'LinkedIn Visit' }, { day: 4, type: 'LinkedIn Visit' }] } });
    await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [zeldaId] } });
    const [{ next_due_at: due }] = await context.db.knex('enrolments').where({ contact_id: zeldaId }).select('next_due_at');
    const services = app.services;
    const scheduler = createScheduler({ knex: services.knex, eventStore: services.eventStore, outbox: mailFeature.outboxFor(services), publicUrl: 'http://charterline.test', linkSecret: services.jwtSecret, now: () => new Date(new Date(due).getTime() + 60_000), random: () => 0.5, spreadMinutes: 0 });
    await scheduler.runOnce();
    // an automation stopped before stop details named no one: its detail quotes her name
    const older = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Older', steps: [{ day: 5, type: 'LinkedIn Visit' }] } });
    const [stopped] = (await app.request(`/api/data/workflows/${older.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [zeldaId] } })).body.enrolments;
    await handleCommand(services.eventStore, enrolmentDecider, enrolmentStreamId(stopped.id), { type: 'StopEnrolment', userId, at: new Date().toISOString(), reason: 'replied', detail: 'Zelda Q. Quixote replied.' });
    const tasks = (await app.request('/api/data/tasks', { token })).body;
    expect(tasks.map((task: { text: string }) => task.text)).to.deep.equal([`Visit Zelda Q. Quixote on LinkedIn: ${zelda.linkedinUrl}`]);
    // an Analyst Chat conversation whose answer listed her (as the assistant lists a user's targets)
    await app.request('/api/analyst/chats/erie-contacts', {
      method: 'POST',
      token,
      body: { title: 'Who is Zelda Q. Quixote?', messages: [{ role: 'user', content: 'contacts at Erie Bank' }, { role: 'assistant', content: '- ★ Zelda Q. Quixote, CFO (zq@erase.example)' }] },
    });
    // the activity search index copies the feed's summaries: it holds the names until the erasure
    await activitySearchWorker(context.db.knex, context.engine).drain();
  });
  after(async () => app.stop());

  it('stores new contacts\' personal fields sealed: the events table never holds them in plain text', async () => {
    const { knex } = context.db;
    for (const value of [zelda.name, zelda.email, zelda.linkedinUrl, 'zq@erase.example']) expect(await tablesContaining(knex, value), value).to.not.include('events');
    expect(await tablesContaining(knex, 'Zelda Q. Quixote')).to.include.members(['contacts', 'activity', 'activity_search', 'enrolments', 'tasks']);
    const history = (await app.request(`/api/data/contacts/${zeldaId}/history`, { token })).body;
    expect(history[0].summary).to.include('Zelda Quixote');
  });

  it('leaves no trace of the person in any table, sealed or stored before sealing', async () => {
    for (const id of [zeldaId, legacyId]) {
      const response = await app.request(`/api/data/contacts/${id}/erase`, { method: 'POST', token });
      expect(response.status, response.text).to.equal(200);
      expect(response.body).to.include({ name: 'Erased contact', email: null, linkedinUrl: null });
    }
    const { knex } = context.db;
    for (const value of [zelda.name, 'Zelda', zelda.email, 'zq@erase.example', zelda.linkedinUrl, legacy.name, legacy.email, legacy.linkedinUrl]) {
      expect(await tablesContaining(knex, value), value).to.deep.equal([]);
    }
  });

  it('keeps every other fact: title, bank, hot lead, the email sent on its date, the history and the reports', async () => {
    const contact = (await app.request(`/api/data/contacts/${zeldaId}`, { token })).body;
    expect(contact).to.include({ name: 'Erased contact', title: 'CFO', bankId: 901, isHotLead: true });
    const history = (await app.request(`/api/data/contacts/${zeldaId}/history`, { token })).body;
    expect(history.map((entry: any) => entry.type)).to.deep.equal(['ContactAdded', 'ContactMarkedHotLead', 'ContactRenamed', 'ContactEmailChanged', 'ContactErased']);
    expect(history[0].summary).to.equal('Added contact "Erased contact", CFO at Erie Bank');
    const sent = (await app.request('/api/data/sent-emails', { token })).body;
    expect(sent).to.have.length(1);
    expect(sent[0]).to.include({ status: 'sent', recipientName: 'Erased contact', contactId: zeldaId });
    const timeline = (await app.request(`/api/data/activity?${new URLSearchParams({ filter: JSON.stringify({ bankId: 901 }), range: '[0,99]' })}`, { token })).body;
    expect(timeline.some((row: any) => row.type === 'EmailSent')).to.equal(true);
    const funnel = (await app.request('/api/reports/funnel', { token })).body.rows;
    expect(funnel).to.deep.include({ stage: 'Emailed', count: 1 });
    const contacts = (await app.request('/api/reports/contacts', { token })).body.rows;
    expect(contacts.map((row: any) => row.name)).to.deep.equal(['Erased contact', 'Erased contact']);
  });

  it('stops the automation going through the contact, and leaves its visit task nameless', async () => {
    const enrolments = (await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId: zeldaId }))}`, { token })).body;
    const enrolment = enrolments.find((row: { workflowName: string }) => row.workflowName === 'Visits');
    expect(enrolment).to.include({ status: 'stopped', stopReason: 'contact-erased', contactName: 'Erased contact' });
    const older = enrolments.find((row: { workflowName: string }) => row.workflowName === 'Older');
    expect(older).to.include({ stopReason: 'replied', stopDetail: 'Erased contact replied.' });
    const tasks = (await app.request('/api/data/tasks', { token })).body;
    expect(tasks.map((task: { text: string }) => task.text)).to.deep.equal(['Visit Erased contact on LinkedIn']);
    const history = await app.request(`/api/data/enrolments/${enrolment.id}/history`, { token });
    expect(history.status).to.equal(200);
    expect(history.body[0].summary).to.equal('Enrolled Erased contact in workflow "Visits"');
    expect(JSON.stringify(history.body)).to.not.contain('Zelda');
  });

  it('rewrites the Analyst Chat conversations that quoted her name or address, and keeps the rest of them', async () => {
    const chat = (await app.request('/api/analyst/chats/erie-contacts', { token })).body;
    expect(chat.title).to.equal('Who is Erased contact?');
    expect(chat.messages.map((message: { content: string }) => message.content)).to.deep.equal(['contacts at Erie Bank', "- ★ Erased contact, CFO (the contact's address)"]);
  });

  it('takes new personal data after the erasure under a new key, still reads what came before as erased, and erases it again', async () => {
    const renamed = await app.request(`/api/data/contacts/${zeldaId}`, { method: 'PUT', token, body: { name: 'Yara Newcomb', email: 'yara@erase.example' } });
    expect(renamed.status, renamed.text).to.equal(200);
    const history = await app.request(`/api/data/contacts/${zeldaId}/history`, { token });
    expect(history.status, history.text).to.equal(200);
    expect(history.body.map((entry: { summary: string }) => entry.summary)).to.include.members(['Added contact "Erased contact", CFO at Erie Bank', 'Renamed contact to "Yara Newcomb"']);
    expect(JSON.stringify(history.body)).to.not.contain('Zelda');
    // the contact's commands read its stream: they work on
    const retitled = await app.request(`/api/data/contacts/${zeldaId}`, { method: 'PUT', token, body: { title: 'CEO' } });
    expect(retitled.status, retitled.text).to.equal(200);
    expect((await app.request(`/api/data/contacts/${zeldaId}/erase`, { method: 'POST', token })).status).to.equal(200);
    expect(await tablesContaining(context.db.knex, 'Yara')).to.deep.equal([]);
    expect((await app.request(`/api/data/contacts/${zeldaId}`, { token })).body).to.include({ name: 'Erased contact', title: 'CEO', email: null });
  });

  it("refuses to write an erased contact's old details into another record, as an automation or an email that read them a moment before would", async () => {
    // as the scheduler writes a LinkedIn visit, with the name it read before the erasure
    const visit = handleCommand(app.services.eventStore, taskDecider, `task-${randomUUID()}`, { type: 'CreateTask', taskId: randomUUID(), userId, text: 'Visit Yara Newcomb on LinkedIn', dueDate: '2027-01-01', bankId: 901, contactId: zeldaId, at: new Date().toISOString() });
    const refused = await visit.then(() => undefined, (error: unknown) => error);
    expect(refused).to.be.instanceOf(RuleBroken);
    const email = await app.request('/api/data/sent-emails', { method: 'POST', token, body: { contactId: zeldaId, bankId: 901, recipientName: 'Yara Newcomb', recipientEmail: 'yara@erase.example', subject: 'Hello', body: 'Hi Yara' } });
    expect(email.status, email.text).to.equal(400);
    expect(email.body.message).to.equal("This contact's personal data was erased: nothing about them can be written into other records. Give the contact their details again first.");
    expect(await tablesContaining(context.db.knex, 'Yara')).to.deep.equal([]);
  });

  it('takes new details for an erased contact sent by several requests at once, each answered, none with a server error', async () => {
    const answers = await Promise.all(['Wren Aldous', 'Wren A. Aldous', 'W. Aldous', 'Wren Aldous-Kay'].map((name) => app.request(`/api/data/contacts/${zeldaId}`, { method: 'PUT', token, body: { name } })));
    expect(answers.map((answer) => answer.status).filter((status) => status !== 200 && status !== 409), answers.map((answer) => answer.text).join('\n')).to.deep.equal([]);
    const history = await app.request(`/api/data/contacts/${zeldaId}/history`, { token });
    expect(history.status).to.equal(200);
    expect(history.body.at(-1).summary).to.match(/^Renamed contact to "(Wren|W\.)/);
  });

  it('leaves nameless and without its profile a visit task the automation wrote as the erasure began, before it could record the step', async () => {
    const otto = { name: 'Otto Lateman', linkedinUrl: 'https://www.linkedin.com/in/ottol-4411' };
    const ottoId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 901, title: 'COO', email: 'otto@erase.example', ...otto } })).body.id;
    // a day ahead: the app's scheduler, on the real clock, must not write the task itself
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'One visit', steps: [{ day: 2, type: 'LinkedIn Visit' }] } });
    const [enrolment] = (await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [ottoId] } })).body.enrolments;
    // the step's task is written (under the contact's key), its StepSent not yet: the erasure stops the enrolment first
    const taskId = stepRecordId(enrolment.id, 0, 'task');
    await handleCommand(app.services.eventStore, taskDecider, `task-${taskId}`, { type: 'CreateTask', taskId, userId, text: visitTaskText(otto.name, otto.linkedinUrl), dueDate: '2027-01-01', bankId: 901, contactId: ottoId, at: new Date().toISOString() });
    expect((await app.request(`/api/data/contacts/${ottoId}/erase`, { method: 'POST', token })).status).to.equal(200);
    expect((await app.request(`/api/data/tasks/${taskId}`, { token })).body.text).to.equal('Visit Erased contact on LinkedIn');
    expect(await tablesContaining(context.db.knex, 'Lateman')).to.deep.equal([]);
    expect(await tablesContaining(context.db.knex, 'ottol-4411')).to.deep.equal([]);
  });

  it('rewrites every mention of her in the notes the user wrote (bank notes, a task, a Do Not Contact note), and keeps her address on the Do Not Contact list', async () => {
    const ulla = { name: 'Ulla Notely', email: 'ulla.notely@erase.example', linkedinUrl: 'https://www.linkedin.com/in/ulla-n-5150' };
    const ullaId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 901, title: 'CRO', ...ulla } })).body.id;
    expect((await app.request('/api/data/banks/901', { method: 'PUT', token, body: { notes: 'Met Ulla Notely at the ABA conference.' } })).status).to.equal(200);
    // sent as the screens send it, with a key whose answer is kept a day for a retry
    const task = (await app.request('/api/data/tasks', { method: 'POST', token, headers: { 'idempotency-key': 'task-for-ulla' }, body: { text: 'Call Ulla Notely back about the core migration', dueDate: '2027-01-04', bankId: 901 } })).body;
    await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: ulla.email, detail: 'Ulla Notely asked us on the phone to stop.' } });
    // a visit task's text as the user rewrote it: her profile's address copied along
    const visit = (await app.request('/api/data/tasks', { method: 'POST', token, body: { text: `Invited Ulla on ${ulla.linkedinUrl} (sent a note too)`, dueDate: '2027-01-04', bankId: 901 } })).body;
    await activitySearchWorker(context.db.knex, context.engine).drain();

    expect((await app.request(`/api/data/contacts/${ullaId}/erase`, { method: 'POST', token })).status).to.equal(200);

    expect(await tablesContaining(context.db.knex, ulla.name)).to.deep.equal([]);
    expect(await tablesContaining(context.db.knex, ulla.linkedinUrl)).to.deep.equal([]);
    expect((await app.request(`/api/data/tasks/${visit.id}`, { token })).body.text).to.equal("Invited Ulla on the contact's LinkedIn profile (sent a note too)");
    expect((await app.request('/api/data/banks/901', { token })).body.notes).to.equal('Met Erased contact at the ABA conference.');
    expect((await app.request(`/api/data/tasks/${task.id}`, { token })).body.text).to.equal('Call Erased contact back about the core migration');
    const doNotContact = (await app.request('/api/data/suppressions', { token })).body.find((row: { email: string }) => row.email === ulla.email);
    expect(doNotContact).to.include({ reason: 'manual', detail: 'Erased contact asked us on the phone to stop.' });
    // the address stays only where the promise not to write to it needs it
    expect(await tablesContaining(context.db.knex, ulla.email)).to.have.members(['events', 'suppressions', 'activity', 'activity_search']);
    const bankHistory = (await app.request('/api/data/banks/901/history', { token })).body;
    expect(bankHistory.map((entry: { summary: string }) => entry.summary)).to.include('Updated notes to "Met Erased contact at the ABA conference."');
  });

  it("answers 404 for another user's contact and for one that never existed", async () => {
    const other = await app.signUp('Someone Else');
    expect((await app.request(`/api/data/contacts/${zeldaId}/erase`, { method: 'POST', token: other.token })).status).to.equal(404);
    expect((await app.request(`/api/data/contacts/${randomUUID()}/erase`, { method: 'POST', token })).status).to.equal(404);
    expect((await app.request('/api/data/contacts/not-an-id/erase', { method: 'POST', token })).status).to.equal(404);
  });
});
