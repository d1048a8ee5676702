import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import type { EventStore } from '../eventstore/types.ts';
import { features } from '../features.ts';
import { earliestDueAt, startEnrolments, type Clock } from './enrol.ts';
import { scheduleAt } from './send-window.ts';

/**
 * The event store of the app, whose first `parties` appends wait for each other: every racing request
 * has passed its checks against the read tables before any of them writes.
 */
function racingStore(store: EventStore, parties: number): EventStore {
  let waiting = 0;
  let release!: () => void;
  const allArrived = new Promise<void>((resolve) => (release = resolve));
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (waiting < parties) {
          waiting += 1;
          if (waiting === parties) release();
          await allArrived;
        }
        return target.append(...args);
      };
    },
  });
}

describeWithDatabase('starting enrolments', (context) => {
  let app: TestApp;
  let userId: string;
  let token: string;
  let workflowId: string;
  let contactId: string;
  const clock: Clock = { now: () => new Date('2026-11-24T21:00:00Z'), random: () => 0, spreadMinutes: 0 };

  before(async () => {
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' }, features });
    const user = await app.signUp('Owner');
    userId = user.user.id;
    token = user.token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Lee Chan', title: 'COO', email: 'lee@alpha.example' } })).body.id;
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'COO sequence', steps: [{ day: 2, type: 'LinkedIn Visit' }] } });
    workflowId = workflow.body.id;
  });
  after(async () => app.stop());

  const enrolmentsOfContact = () => app.services.knex('enrolments').where({ contact_id: contactId, workflow_id: workflowId }).select('id', 'status');

  it('of two requests enrolling the same contact in the same workflow at once, one wins and the other is refused with 409', async () => {
    const eventStore = racingStore(app.services.eventStore, 2);
    const request = { userId, workflowId, contactIds: [contactId] };
    const answers = await Promise.allSettled([
      startEnrolments({ knex: app.services.knex, eventStore, clock }, request),
      startEnrolments({ knex: app.services.knex, eventStore, clock }, request),
    ]);
    expect(answers.map((answer) => answer.status).sort()).to.deep.equal(['fulfilled', 'rejected']);
    const refused = answers.find((answer) => answer.status === 'rejected')!.reason as Error & { status?: number };
    expect(refused.message).to.equal('Lee Chan is already going through "COO sequence". Stop that automation first to start it again.');
    expect(await enrolmentsOfContact()).to.have.length(1);
  });

  it('enrols the contact again once that enrolment is stopped', async () => {
    const [running] = await enrolmentsOfContact();
    const stopped = await app.request(`/api/data/enrolments/${running.id}/stop`, { method: 'PUT', token, body: {} });
    expect(stopped.status, stopped.text).to.equal(200);
    const [again] = await startEnrolments({ knex: app.services.knex, eventStore: app.services.eventStore, clock }, { userId, workflowId, contactIds: [contactId] });
    expect((await enrolmentsOfContact()).map((row) => [row.id === again, row.status]).sort()).to.deep.equal([
      [false, 'stopped'],
      [true, 'active'],
    ]);
  });

  it('refuses with 404 to enrol contacts of whom one was deleted meanwhile, naming its id, so the others can start', async () => {
    const kept = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ana Kept', title: 'CFO', email: 'ana@alpha.example' } })).body.id;
    const gone = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Bo Gone', title: 'CEO', email: 'bo@alpha.example' } })).body.id;
    await app.request(`/api/data/contacts/${gone}`, { method: 'DELETE', token });
    const refused = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [kept, gone] } });
    expect(refused.status).to.equal(404);
    expect(refused.body.message).to.equal('A contact you chose is no longer there: deleted since the list was shown. Leave them out to start the others.');
    expect(refused.body.cannotStart).to.deep.equal([gone]);
    expect(await app.services.knex('enrolments').whereIn('contact_id', [kept, gone]).count('* as count').first()).to.deep.equal({ count: 0 });
  });

  it('refuses with 400 to enrol a contact on the Do Not Contact list, naming them, why and their id, and enrols no one', async () => {
    const other = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Max Ortiz', title: 'CFO', email: 'Max@Alpha.example' } })).body.id;
    const clear = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ida Park', title: 'CEO', email: 'ida@alpha.example' } })).body.id;
    expect((await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'max@alpha.example' } })).status).to.equal(201);
    const refused = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [clear, other] } });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('Automation does not write to anyone on your Do Not Contact list: Max Ortiz <Max@Alpha.example> (you added them). Leave them out to start the others.');
    expect(refused.body.cannotStart).to.deep.equal([other]);
    expect(await app.services.knex('enrolments').whereIn('contact_id', [clear, other]).count('* as count').first()).to.deep.equal({ count: 0 });
  });

  it('refuses with 400 to enrol a contact whose bank is no longer a target, naming the bank and the contact id', async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 629, name: 'Beta Bank', state: 'IL' } });
    const beta = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 629, name: 'Uma Beta', title: 'CFO', email: 'uma@beta.example' } })).body.id;
    expect((await app.request('/api/data/banks/629', { method: 'DELETE', token })).status).to.equal(200);
    const refused = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [beta] } });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('Automation runs only for banks among your targets: Uma Beta (Beta Bank).');
    expect(refused.body.cannotStart).to.deep.equal([beta]);
  });
  it('refuses with 400 to enrol a contact whose personal data was erased, naming its bank and id, and enrols no one', async () => {
    const kept = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ned Hale', title: 'CFO', email: 'ned@alpha.example' } })).body.id;
    const erased = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Oda Vik', title: 'CEO', email: 'oda@alpha.example' } })).body.id;
    expect((await app.request(`/api/data/contacts/${erased}/erase`, { method: 'POST', token })).status).to.equal(200);
    const refused = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [kept, erased] } });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('Automation does not go through contacts whose personal data was erased: Erased contact (Alpha Bank). Leave them out to start the others.');
    expect(refused.body.cannotStart).to.deep.equal([erased]);
    expect(await app.services.knex('enrolments').whereIn('contact_id', [kept, erased]).count('* as count').first()).to.deep.equal({ count: 0 });
    // given details again, it goes like any other
    await app.request(`/api/data/contacts/${erased}`, { method: 'PUT', token, body: { name: 'Oda Vik', email: 'oda.vik@alpha.example' } });
    expect((await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [kept, erased] } })).status).to.equal(201);
  });

  it('refuses with 409 to send a workflow twice to one address, chosen twice or already going through it under another contact, whatever its case', async () => {
    const add = async (name: string, email: string, bankId = 628) => (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId, name, title: 'CFO', email } })).body.id as string;
    // one person listed under a bank and its holding companies
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 631, name: 'Delta Holdings', state: 'IL' } });
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 632, name: 'Epsilon Holdings', state: 'IL' } });
    const jose = await add('José Núñez', 'jose.nunez@alpha.example');
    const joseAgain = await add('Jose Nunez', 'Jose.Nunez@Alpha.Example', 631);
    const elsewhere = await add('J. Nunez', 'JOSE.NUNEZ@alpha.example', 632);
    const twice = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [jose, joseAgain] } });
    expect(twice.status, twice.text).to.equal(409);
    expect(twice.body.message).to.equal("Each address gets a workflow's emails once: Jose Nunez <Jose.Nunez@Alpha.Example> shares it with José Núñez, chosen too. Leave them out to start the others.");
    expect(twice.body.cannotStart).to.deep.equal([joseAgain]);
    expect(await app.services.knex('enrolments').whereIn('contact_id', [jose, joseAgain]).count('* as count').first()).to.deep.equal({ count: 0 });

    expect((await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [jose] } })).status).to.equal(201);
    const later = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [elsewhere] } });
    expect(later.status, later.text).to.equal(409);
    expect(later.body.message).to.equal(
      `Each address gets a workflow's emails once: J. Nunez <JOSE.NUNEZ@alpha.example> shares it with José Núñez, who is already going through "COO sequence". Leave them out to start the others.`,
    );
    expect(later.body.cannotStart).to.deep.equal([elsewhere]);
    // another workflow may still write to the address
    const other = (await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Board sequence', steps: [{ day: 2, type: 'LinkedIn Visit' }] } })).body.id;
    expect((await app.request(`/api/data/workflows/${other}/enrolments`, { method: 'POST', token, body: { contactIds: [elsewhere] } })).status).to.equal(201);
  });

  it("names the bank of a new enrolment by the tracked bank's current name, not the one the contact was added under", async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 630, name: 'Gamma Bank', state: 'IL' } });
    const gamma = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 630, name: 'Ivo Gamma', title: 'CFO', email: 'ivo@gamma.example' } })).body.id;
    const renamed = await app.request('/api/data/banks/630', { method: 'PUT', token, body: { name: 'Gamma Bank, N.A.' } });
    expect(renamed.status, renamed.text).to.equal(200);
    const [enrolmentId] = await startEnrolments({ knex: app.services.knex, eventStore: app.services.eventStore, clock }, { userId, workflowId, contactIds: [gamma] });
    expect((await app.request(`/api/data/enrolments/${enrolmentId}`, { token })).body.bankName).to.equal('Gamma Bank, N.A.');
  });
});

describe('when a step is due', () => {
  const timeZone = 'America/New_York';
  const steps = [
    { day: 1, type: 'LinkedIn Visit' as const },
    { day: 2, type: 'LinkedIn Visit' as const },
  ];
  // Saturday 13 March 2027, 17:30 in New York: the clocks go forward that night
  const saturdayEvening = new Date('2027-03-13T22:30:00Z');

  it('counts a step day as a calendar day in the time zone, the same wall-clock time after the clocks go forward', () => {
    expect(earliestDueAt({ steps, stepIndex: 1, startedAt: saturdayEvening, previousStepAt: null, timeZone }).toISOString()).to.equal('2027-03-14T21:30:00.000Z');
    expect(earliestDueAt({ steps, stepIndex: 1, startedAt: saturdayEvening, previousStepAt: saturdayEvening, timeZone }).toISOString()).to.equal('2027-03-14T21:30:00.000Z');
  });

  it('runs the next day inside the send window a step ran in the day before the clocks go forward, not a day later', () => {
    const window = { startHour: 8, endHour: 18, days: [1, 2, 3, 4, 5, 6, 7], timeZone };
    const earliest = earliestDueAt({ steps, stepIndex: 1, startedAt: saturdayEvening, previousStepAt: saturdayEvening, timeZone });
    expect(scheduleAt(window, earliest, { random: () => 0, spreadMinutes: 0 }).toISOString()).to.equal('2027-03-14T21:30:00.000Z');
  });
});
