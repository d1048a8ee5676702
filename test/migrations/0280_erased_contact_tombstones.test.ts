import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';
import { tablesContaining } from '../support/tables.ts';
import { down, up } from '../../migrations/0280_erased_contact_tombstones.ts';
import { projections } from '../../projections/index.ts';
import { inlineProjections } from '../../projections/runner.ts';
import { PostgresEventStore } from '../../backend/src/eventstore/postgres.ts';
import { runWithContext, systemContext } from '../../backend/src/context/request-context.ts';
import { activitySearchWorker } from '../../backend/src/outreach/activity-search.ts';
import { contactEvents } from '../../backend/src/outreach/contacts/events.ts';
import { enrolmentEvents, enrolmentStreamId } from '../../backend/src/outreach/enrolments/events.ts';
import { taskEvents } from '../../backend/src/outreach/tasks/events.ts';
import { finishErasuresOfOlderBuilds } from '../../backend/src/privacy/finish-erasures.ts';

describeWithDatabase('migration 0280: contacts erased by a build before 0250 stay erased', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;

  before(async () => {
    app = await startTestApp(context.db);
    ({ token, user: { id: userId } } = await app.signUp('Upgrader'));
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 731, name: 'Upgrade Bank', state: 'OH' } });
  });
  after(() => app.stop());

  /** Runs the migration over the database as an older build left it. */
  const migrate = async () => {
    await down(app.services.knex);
    await up(app.services.knex);
  };

  const addContact = async (name: string, email: string): Promise<string> =>
    (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 731, name, title: 'CFO', email } })).body.id;

  /** Erased as builds before 0250 erased: the key row deleted, so no row marks the contact erased. */
  const eraseAsAnOldBuild = async (contactId: string) => {
    expect((await app.request(`/api/data/contacts/${contactId}/erase`, { method: 'POST', token })).status).to.equal(200);
    await app.services.knex('contact_keys').where('contact_id', contactId).delete();
  };

  it('refuses automation and logged emails for a contact erased before the upgrade, with 400', async () => {
    const workflowId = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Upgrade follow-up', steps: [{ day: 1, type: 'LinkedIn Visit' }] } })).body.id;
    const erased = await addContact('Pia Lund', 'pia@upgrade.example');
    await eraseAsAnOldBuild(erased);

    await migrate();

    const enrolment = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [erased] } });
    expect(enrolment.status).to.equal(400);
    expect(enrolment.body.message).to.equal('Automation does not go through contacts whose personal data was erased: Erased contact (Upgrade Bank). Leave them out to start the others.');
    const email = await app.request('/api/data/sent-emails', { method: 'POST', token, body: { contactId: erased, bankId: 731, recipientEmail: 'pia.new@upgrade.example', subject: 'For Pia Lund', body: 'Hi Pia', sentAt: '2026-11-20T09:00:00Z' } });
    expect(email.status).to.equal(400);
    expect(await app.services.knex('contact_keys').where('contact_id', erased).first('key', 'erased_at')).to.include({ key: null }).and.to.have.property('erased_at').that.is.not.null;
  });

  it('keeps the key of a contact given details again after its erasure, and does not erase it again', async () => {
    const renewed = await addContact('Rui Sol', 'rui@upgrade.example');
    await eraseAsAnOldBuild(renewed);
    expect((await app.request(`/api/data/contacts/${renewed}`, { method: 'PUT', token, body: { name: 'Rui Sol', email: 'rui.sol@upgrade.example' } })).status).to.equal(200);
    const before = await app.services.knex('contact_keys').where('contact_id', renewed).first('key');

    await migrate();
    await finishErasuresOfOlderBuilds(app.services);

    const after = await app.services.knex('contact_keys').where('contact_id', renewed).first('key', 'erased_at');
    expect(Buffer.from(after.key).equals(Buffer.from(before.key))).to.equal(true);
    expect(after.erased_at).to.equal(null);
    expect((await app.request(`/api/data/contacts/${renewed}`, { token })).body).to.include({ name: 'Rui Sol', email: 'rui.sol@upgrade.example' });
  });

  it("finishes an older build's erasure at start: the automation it left running stops and its name goes from enrolments, stop details, visit task and feed", async () => {
    // As a build of 28 November left them: the contact's own data sealed under a key the erasure
    // destroyed, while the enrolments and the visit task their automation wrote name the person in
    // plain text, and a stop detail quotes the name.
    const contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 731, name: 'Ivo Berg', title: 'COO', email: 'ivo.berg@upgrade.example', linkedinUrl: 'https://www.linkedin.com/in/ivo-berg-31' } })).body.id;
    const enrolmentId = randomUUID();
    const taskId = randomUUID();
    const oldStore = new PostgresEventStore(app.services.knex, inlineProjections(projections));
    const workflow = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visits', steps: [{ day: 1, type: 'LinkedIn Visit' }, { day: 3, type: 'LinkedIn Visit' }] } })).body;
    await runWithContext(systemContext({ userId, source: 'ui' }), async () => {
      const started = { enrolmentId, ownerId: userId, workflowId: workflow.id, workflowName: 'Visits', steps: workflow.steps, contactId, contactName: 'Ivo Berg', bankId: 731, bankName: 'Upgrade Bank', timeZone: 'UTC', startedAt: '2026-11-27T09:00:00.000Z' };
      await oldStore.append(enrolmentStreamId(enrolmentId), [enrolmentEvents.EnrolmentStarted.create(started), enrolmentEvents.StepScheduled.create({ stepIndex: 0, dueAt: '2026-11-27T09:00:00.000Z' })], { expectedVersion: 'no_stream' });
      await oldStore.append(`task-${taskId}`, [taskEvents.TaskCreated.create({ taskId, ownerId: userId, bankId: 731, text: 'Visit Ivo Berg on LinkedIn', dueDate: '2026-11-27' })], { expectedVersion: 'no_stream' });
      await oldStore.append(
        enrolmentStreamId(enrolmentId),
        [enrolmentEvents.StepSent.create({ stepIndex: 0, sentAt: '2026-11-27T09:00:00.000Z', emailId: null, taskId }), enrolmentEvents.StepScheduled.create({ stepIndex: 1, dueAt: '2026-11-29T09:00:00.000Z' })],
        { expectedVersion: 2 },
      );
      // an earlier automation, stopped by a reply with a detail that quotes the name
      const repliedId = randomUUID();
      await oldStore.append(
        enrolmentStreamId(repliedId),
        [enrolmentEvents.EnrolmentStarted.create({ ...started, enrolmentId: repliedId }), enrolmentEvents.EnrolmentStopped.create({ reason: 'replied', detail: 'Ivo Berg replied.', stoppedAt: '2026-11-27T12:00:00.000Z' })],
        { expectedVersion: 'no_stream' },
      );
      await app.services.knex('contact_keys').where('contact_id', contactId).delete();
      await oldStore.append(`contact-${contactId}`, [contactEvents.ContactErased.create({ erasedAt: '2026-11-28T10:00:00.000Z' })], { expectedVersion: 1 });
    });
    await activitySearchWorker(app.services.knex, context.engine).drain();
    expect(await tablesContaining(app.services.knex, 'Ivo Berg')).to.include.members(['enrolments', 'tasks', 'activity']);

    await migrate();
    await finishErasuresOfOlderBuilds(app.services);

    expect(await tablesContaining(app.services.knex, 'Ivo Berg')).to.deep.equal([]);
    expect(await tablesContaining(app.services.knex, 'ivo.berg')).to.deep.equal([]);
    const enrolment = (await app.request(`/api/data/enrolments/${enrolmentId}`, { token })).body;
    expect(enrolment).to.include({ contactName: 'Erased contact', status: 'stopped', stopReason: 'contact-erased' });
    expect((await app.request(`/api/data/tasks/${taskId}`, { token })).body.text).to.equal('Visit Erased contact on LinkedIn');
    expect(await app.services.knex('contact_erasures_to_finish').select('contact_id')).to.deep.equal([]);
    const erasures = (await app.services.eventStore.readStream(`contact-${contactId}`)).filter((event) => event.type === 'ContactErased');
    expect(erasures.map((event) => event.metadata.source), 'the erasure the older build recorded, and no second one').to.deep.equal(['ui']);
  });

  it("shows once in a contact's History the erasure a start after the upgrade recorded again, and twice an erasure of details given since", async () => {
    const contactId = await addContact('Oda Fjell', 'oda@upgrade.example');
    const oldStore = new PostgresEventStore(app.services.knex, inlineProjections(projections));
    const erased = (erasedAt: string) => [contactEvents.ContactErased.create({ erasedAt })];
    // the user's erasure, then the same one recorded again by System as the start of an earlier build finished it
    await runWithContext(systemContext({ userId, source: 'ui' }), () => oldStore.append(`contact-${contactId}`, erased('2026-11-28T10:00:00.000Z'), { expectedVersion: 1 }));
    await runWithContext(systemContext({ userId }), () => oldStore.append(`contact-${contactId}`, erased('2026-11-29T08:00:00.000Z'), { expectedVersion: 2 }));
    const erasures = async () =>
      ((await app.request(`/api/data/contacts/${contactId}/history`, { token })).body as Array<{ type: string; source: string }>).filter((entry) => entry.type === 'ContactErased').map((entry) => entry.source);
    expect(await erasures()).to.deep.equal(['ui']);

    await runWithContext(systemContext({ userId, source: 'ui' }), () =>
      oldStore.append(`contact-${contactId}`, [contactEvents.ContactRenamed.create({ name: 'Oda F.' }), ...erased('2026-11-30T08:00:00.000Z')], { expectedVersion: 3 }),
    );
    expect(await erasures()).to.deep.equal(['ui', 'ui']);
  });
});
