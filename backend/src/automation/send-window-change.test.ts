import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { featuresWithAutomation, mailFeature } from '../features.ts';
import { createAutomationFeature } from './feature.ts';

describeWithDatabase('changing the send window', (context) => {
  let app: TestApp;
  // Friday 2026-12-04, 16:00 in Chicago
  const current = new Date('2026-12-04T22:00:00Z');
  const clock = { now: () => current, random: () => 0.5 };

  before(async () => {
    // This app runs no scheduler: the steps stay where the settings put them.
    app = await startTestApp(context.db, { config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' }, features: featuresWithAutomation(createAutomationFeature(mailFeature, { clock })) });
  });
  after(async () => app.stop());

  /** A user whose contact goes through a day-2 LinkedIn visit started now (Friday 16:00): due Saturday 16:00, held to Monday 08:00 by the weekday window. */
  async function userWithWeekendStep(name: string) {
    const { token } = await app.signUp(name);
    await app.request('/api/data/settings', { method: 'PUT', token, body: { timeZone: 'America/Chicago', sendWindowStartHour: 8, sendWindowEndHour: 18, sendDays: [1, 2, 3, 4, 5] } });
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Ann Lee', title: 'CFO' } });
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token, body: { name: 'Visit', steps: [{ day: 2, type: 'LinkedIn Visit' }] } });
    const started = await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token, body: { contactIds: [contact.body.id] } });
    expect(started.status, started.text).to.equal(201);
    const enrolmentId: string = started.body.enrolments[0].id;
    const dueAt = async () => (await app.request(`/api/data/enrolments/${enrolmentId}`, { token })).body.nextStep.dueAt as string;
    // Monday 08:00 in Chicago, and half the 10-minute spread
    expect(await dueAt()).to.equal('2026-12-07T14:05:00.000Z');
    return { token, enrolmentId, dueAt };
  }

  it('brings a step held for the weekend forward to its own day once Saturdays are allowed, and moves it back when they are not', async () => {
    const { token, enrolmentId, dueAt } = await userWithWeekendStep('Widener');
    const widened = await app.request('/api/data/settings', { method: 'PUT', token, body: { sendDays: [1, 2, 3, 4, 5, 6, 7] } });
    expect(widened.status, widened.text).to.equal(200);
    expect(widened.body).to.include({ rescheduledSteps: 1 });
    // Saturday 16:00, its workflow day counted from the start: not Saturday 08:00
    expect(await dueAt()).to.equal('2026-12-05T22:05:00.000Z');
    const history = (await app.request(`/api/data/enrolments/${enrolmentId}/history`, { token })).body;
    expect(history.at(-1).summary).to.equal('Scheduled step 1 for 2026-12-05T22:05:00.000Z (send window changed)');

    const narrowed = await app.request('/api/data/settings', { method: 'PUT', token, body: { sendDays: [1, 2, 3, 4, 5] } });
    expect(narrowed.body).to.include({ rescheduledSteps: 1 });
    expect(await dueAt()).to.equal('2026-12-07T14:05:00.000Z');
  });

  it('leaves a step already due in the first window the new one allows, and moves nothing when only the daily cap changes', async () => {
    const { token, dueAt } = await userWithWeekendStep('Keeper');
    const longerDays = await app.request('/api/data/settings', { method: 'PUT', token, body: { sendWindowEndHour: 20 } });
    expect(longerDays.body).to.include({ rescheduledSteps: 0 });
    const capOnly = await app.request('/api/data/settings', { method: 'PUT', token, body: { dailySendCap: 10 } });
    expect(capOnly.body).to.not.have.property('rescheduledSteps');
    expect(await dueAt()).to.equal('2026-12-07T14:05:00.000Z');
  });

  it("moves only the signed-in user's steps", async () => {
    const other = await userWithWeekendStep('Bystander');
    const { token } = await userWithWeekendStep('Changer');
    expect((await app.request('/api/data/settings', { method: 'PUT', token, body: { sendDays: [1, 2, 3, 4, 5, 6] } })).body).to.include({ rescheduledSteps: 1 });
    expect(await other.dueAt()).to.equal('2026-12-07T14:05:00.000Z');
  });
});
