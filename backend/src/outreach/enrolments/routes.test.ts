import { expect } from 'chai';
import { createAutomationFeature } from '../../automation/feature.ts';
import { features, mailFeature } from '../../features.ts';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';

describeWithDatabase('enrolments API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let workflowId: string;
  const contacts: Record<string, string> = {};
  // Tuesday 2026-11-24, 15:00 in Chicago: the window is open.
  const clock = { now: () => new Date('2026-11-24T21:00:00Z'), random: () => 0 };

  // Queue only: these tests look at enrolments, not at mail leaving.
  const automation = createAutomationFeature(mailFeature, { clock });
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started), {
    config: { mailDispatch: 'worker', smtpUrl: 'smtp://127.0.0.1:9' },
    features: features.map((feature) => (feature.name === 'automation' ? automation : feature)),
  });
  before(async () => {
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 628, name: 'Alpha Bank', state: 'IL' } });
    for (const name of ['Jane Doe', 'Raj Patel']) {
      const response = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name, title: 'CFO', email: `${name.split(' ')[0].toLowerCase()}@alpha.example` } });
      expect(response.status, response.text).to.equal(201);
      contacts[name] = response.body.id;
    }
    const template = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello {{bankName}}', body: 'Dear {{contactName}}' } });
    expect(template.status, template.text).to.equal(201);
    const workflow = await app.request('/api/data/workflows', {
      method: 'POST',
      token,
      body: { name: 'CFO sequence', steps: [{ day: 1, type: 'Email', templateId: template.body.id }, { day: 3, type: 'LinkedIn Visit' }] },
    });
    workflowId = workflow.body.id;
  });

  const enrol = (contactIds: string[], auth = token) => app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token: auth, body: { contactIds } });

  it('enrols contacts, each with its first step due at once when the window is open', async () => {
    const response = await enrol([contacts['Jane Doe']]);
    expect(response.status, response.text).to.equal(201);
    const [enrolment] = response.body.enrolments;
    expect(enrolment).to.deep.include({ contactName: 'Jane Doe', workflowName: 'CFO sequence', bankName: 'Alpha Bank', status: 'active', timeZone: 'America/Chicago', stepCount: 2 });
    expect(enrolment.nextStep).to.deep.equal({ number: 1, day: 1, type: 'Email', dueAt: '2026-11-24T21:00:00.000Z' });
  });

  it('refuses a contact already active in the workflow with a clear 409', async () => {
    const response = await enrol([contacts['Raj Patel'], contacts['Jane Doe']]);
    expect(response.status).to.equal(409);
    expect(response.body.message).to.equal('Jane Doe is already going through "CFO sequence". Stop that automation first to start it again.');
    expect(response.body.cannotStart).to.deep.equal([contacts['Jane Doe']]);
    const list = await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ contactId: contacts['Raj Patel'] }))}`, { token });
    expect(list.body).to.deep.equal([]);
  });

  it('lists the enrolments of several contacts at once, by status, and refuses an id that is none with 400', async () => {
    const filter = (value: unknown) => app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify(value))}`, { token });
    const running = await filter({ contactId: [contacts['Jane Doe'], contacts['Raj Patel']], status: ['active', 'paused'] });
    expect(running.body.map((row: { contactName: string }) => row.contactName)).to.deep.equal(['Jane Doe']);
    const refused = await filter({ contactId: [contacts['Jane Doe'], 'not-an-id'] });
    expect(refused.status).to.equal(400);
    expect(refused.body.message).to.equal('contactId must be a record id.');
  });

  it("answers 404 for another user's workflow or contacts, and 400 for no contacts", async () => {
    expect((await enrol([contacts['Raj Patel']], otherToken)).status).to.equal(404);
    expect((await enrol([])).body.message).to.match(/Choose at least one contact/);
  });

  it('pauses, resumes and stops an enrolment; a stopped one can no longer be resumed', async () => {
    const [enrolment] = (await enrol([contacts['Raj Patel']])).body.enrolments;
    const paused = await app.request(`/api/data/enrolments/${enrolment.id}/pause`, { method: 'PUT', token });
    expect(paused.body).to.include({ status: 'paused' });
    expect(paused.body.nextStep.dueAt).to.equal(null);
    const resumed = await app.request(`/api/data/enrolments/${enrolment.id}/resume`, { method: 'PUT', token });
    expect(resumed.body).to.include({ status: 'active' });
    expect(resumed.body.nextStep.dueAt).to.equal('2026-11-24T21:00:00.000Z');
    const stopped = await app.request(`/api/data/enrolments/${enrolment.id}/stop`, { method: 'PUT', token, body: {} });
    expect(stopped.body).to.include({ status: 'stopped', stopReason: 'manual', stopDetail: 'Stopped by you.', nextStep: null });
    const again = await app.request(`/api/data/enrolments/${enrolment.id}/resume`, { method: 'PUT', token });
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('This automation has already stopped (by you), so it cannot be resumed.');
    expect((await app.request(`/api/data/enrolments/${enrolment.id}/pause`, { method: 'PUT', token: otherToken })).status).to.equal(404);
    const history = await app.request(`/api/data/enrolments/${enrolment.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal([
      'EnrolmentStarted',
      'StepScheduled',
      'EnrolmentPaused',
      'EnrolmentResumed',
      'StepScheduled',
      'EnrolmentStopped',
    ]);
    // Once stopped, the contact may be enrolled again.
    expect((await enrol([contacts['Raj Patel']])).status).to.equal(201);
  });

  it("lists enrolments per workflow and per contact, only the user's own, and counts them per workflow", async () => {
    const perWorkflow = await app.request(`/api/data/enrolments?filter=${encodeURIComponent(JSON.stringify({ workflowId }))}&sort=["contactName","ASC"]`, { token });
    expect(perWorkflow.body.map((row: { contactName: string; status: string }) => `${row.contactName} ${row.status}`).sort()).to.deep.equal(['Jane Doe active', 'Raj Patel active', 'Raj Patel stopped']);
    expect((await app.request('/api/data/enrolments', { token: otherToken })).body).to.deep.equal([]);
    const statistics = await app.request(`/api/data/workflows/${workflowId}/statistics`, { token });
    expect(statistics.body).to.include({ enrolled: 3, active: 2, stopped: 1, sent: 0, completed: 0 });
  });

  it('marks a contact replied once', async () => {
    const replied = await app.request(`/api/data/contacts/${contacts['Jane Doe']}/replied`, { method: 'PUT', token });
    expect(replied.body.repliedAt).to.be.a('string');
    const again = await app.request(`/api/data/contacts/${contacts['Jane Doe']}/replied`, { method: 'PUT', token });
    expect(again.body.version).to.equal(replied.body.version);
  });

  it('keeps a Do Not Contact list that refuses manual sends with the reason', async () => {
    const added = await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'Raj@Alpha.example' } });
    expect(added.status, added.text).to.equal(201);
    expect(added.body).to.include({ email: 'raj@alpha.example', reason: 'manual' });
    const send = await app.request('/api/services/mailgun/send', { method: 'POST', token, body: { to: 'raj@alpha.example', subject: 'Hi', body: 'Hello' } });
    expect(send.status).to.equal(400);
    expect(send.body.message).to.equal('Not sent: raj@alpha.example is on your Do Not Contact list (you added them).');
    expect((await app.request('/api/data/suppressions', { token })).body.map((row: { email: string }) => row.email)).to.deep.equal(['raj@alpha.example']);
    expect((await app.request('/api/data/suppressions', { token: otherToken })).body).to.deep.equal([]);
    expect((await app.request('/api/data/suppressions/raj%40alpha.example', { method: 'DELETE', token })).status).to.equal(200);
    expect((await app.request('/api/data/suppressions/raj%40alpha.example', { method: 'DELETE', token })).status).to.equal(404);
  });

  it("words a stop in Activity once: 'by you' with the user's reason when they gave one", async () => {
    const contact = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 628, name: 'Lee Park', title: 'CEO', email: 'lee@alpha.example' } });
    const [first] = (await enrol([contact.body.id])).body.enrolments;
    await app.request(`/api/data/enrolments/${first.id}/stop`, { method: 'PUT', token, body: {} });
    const [second] = (await enrol([contact.body.id])).body.enrolments;
    await app.request(`/api/data/enrolments/${second.id}/stop`, { method: 'PUT', token, body: { detail: 'Met him at the conference.' } });
    const stopOf = async (enrolmentId: string) =>
      (await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ type: 'EnrolmentStopped', recordId: enrolmentId }))}`, { token })).body.map((row: { summary: string }) => row.summary);
    expect(await stopOf(first.id)).to.deep.equal(['Stopped the enrolment (by you)']);
    expect(await stopOf(second.id)).to.deep.equal(['Stopped the enrolment (by you): Met him at the conference.']);
  });
});
