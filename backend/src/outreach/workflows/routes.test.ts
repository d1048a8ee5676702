import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';

describeWithDatabase('workflows API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  let intro: string;
  let followUp: string;
  let theirTemplate: string;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started));
  before(async () => {
    const template = async (name: string, auth: string) =>
      (await app.request('/api/data/templates', { method: 'POST', token: auth, body: { name, subject: `${name} subject`, body: 'Hi,' } })).body.id as string;
    intro = await template('Intro', token);
    followUp = await template('Follow-up', token);
    theirTemplate = await template('Theirs', otherToken);
  });

  const create = (body: unknown, auth = token) => app.request('/api/data/workflows', { method: 'POST', token: auth, body });
  const steps = () => [
    { day: 1, type: 'Email', templateId: intro },
    { day: 3, type: 'LinkedIn Visit' },
    { day: 5, type: 'Email', templateId: followUp },
  ];

  it('creates a workflow with its steps and answers it with a created alias', async () => {
    const response = await create({ name: 'New CFO', steps: steps() });
    expect(response.status).to.equal(201);
    expect(response.body).to.deep.include({ name: 'New CFO', steps: steps(), version: 1 });
    expect(response.body.created).to.equal(response.body.createdAt);
  });

  it('drops the template of a LinkedIn visit step', async () => {
    const response = await create({ name: 'Visit', steps: [{ day: 2, type: 'LinkedIn Visit', templateId: intro }] });
    expect(response.body.steps).to.deep.equal([{ day: 2, type: 'LinkedIn Visit' }]);
  });

  it('rejects a missing name, a day below 1, an unknown step type and an unknown field with 400, naming the step', async () => {
    expect((await create({ steps: [] })).body.message).to.equal('name: Workflow name is required.');
    const badDay = await create({ name: 'x', steps: [steps()[0], { day: 0, type: 'LinkedIn Visit' }] });
    expect(badDay.status).to.equal(400);
    expect(badDay.body.message).to.equal('steps.1.day: Step 2: day must be a whole number of 1 or more.');
    expect((await create({ name: 'x', steps: [{ day: 1.5, type: 'Email', templateId: intro }] })).body.message).to.match(/Step 1: day must be a whole number/);
    expect((await create({ name: 'x', steps: [{ day: 1, type: 'Phone call' }] })).body.message).to.match(/Step 1: type must be Email or LinkedIn Visit/);
    expect((await create({ name: 'x', steps: [], owner: 'me' })).status).to.equal(400);
  });

  it('refuses a step day past ten years, which the scheduler could not turn into a date, naming the step', async () => {
    const visits = (lastDay: number) => [{ day: 1, type: 'LinkedIn Visit' }, { day: lastDay, type: 'LinkedIn Visit' }];
    const farOff = await create({ name: 'Far off', steps: visits(99_999_999_999) }, otherToken);
    expect(farOff.status).to.equal(400);
    expect(farOff.body.message).to.equal('steps.1.day: Step 2: day can be at most 3650 (ten years after the start).');
    expect((await create({ name: 'Ten years', steps: visits(3650) }, otherToken)).status).to.equal(201);
  });

  it("refuses an email step naming another user's template, a deleted one, or none, with 400 naming the step", async () => {
    const foreign = await create({ name: 'x', steps: [steps()[0], { day: 4, type: 'Email', templateId: theirTemplate }] });
    expect(foreign.status).to.equal(400);
    expect(foreign.body.message).to.equal('Step 2: choose one of your templates.');
    expect(foreign.body.issues).to.deep.equal([{ path: 'steps.1.templateId', message: 'Step 2: choose one of your templates.' }]);
    expect((await create({ name: 'x', steps: [{ day: 1, type: 'Email', templateId: 'not-a-template' }] })).body.message).to.equal('Step 1: choose one of your templates.');
    expect((await create({ name: 'x', steps: [{ day: 1, type: 'Email' }] })).body.message).to.equal('Step 1: an email step needs a template.');
    const doomed = (await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Doomed', subject: 's', body: 'b' } })).body.id;
    await app.request(`/api/data/templates/${doomed}`, { method: 'DELETE', token });
    expect((await create({ name: 'x', steps: [{ day: 1, type: 'Email', templateId: doomed }] })).body.message).to.equal('Step 1: choose one of your templates.');
  });

  it("lists only the user's workflows, newest first, searchable by name", async () => {
    await create({ name: 'Theirs', steps: [{ day: 1, type: 'Email', templateId: theirTemplate }] }, otherToken);
    const all = await app.request('/api/data/workflows?range=[0,9]', { token });
    expect(all.body.map((workflow: { name: string }) => workflow.name)).to.deep.equal(['Visit', 'New CFO']);
    expect(all.headers.get('content-range')).to.equal('workflows 0-1/2');
    const found = await app.request(`/api/data/workflows?filter=${encodeURIComponent('{"q":"cfo"}')}`, { token });
    expect(found.body.map((workflow: { name: string }) => workflow.name)).to.deep.equal(['New CFO']);
  });

  it("answers 404 for another user's workflow and never lets them change or delete it", async () => {
    const mine = (await create({ name: 'Private', steps: steps() })).body;
    expect((await app.request(`/api/data/workflows/${mine.id}`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/workflows/${mine.id}`, { method: 'PUT', token: otherToken, body: { name: 'Hijacked' } })).status).to.equal(404);
    expect((await app.request(`/api/data/workflows/${mine.id}`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/workflows/${mine.id}/history`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/workflows/${mine.id}`, { token })).body).to.include({ name: 'Private', version: 1 });
  });

  it('updates from a whole react-admin record: a rename and a steps replacement, nothing when unchanged', async () => {
    const workflow = (await create({ name: 'Draft', steps: steps() })).body;
    const newSteps = [...steps(), { day: 7, type: 'LinkedIn Visit' }];
    const updated = await app.request(`/api/data/workflows/${workflow.id}`, { method: 'PUT', token, body: { ...workflow, name: 'Final', steps: newSteps } });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.deep.include({ name: 'Final', steps: newSteps, version: 3 });
    const unchanged = await app.request(`/api/data/workflows/${workflow.id}`, { method: 'PUT', token, body: updated.body });
    expect(unchanged.body.version).to.equal(3);
    const history = await app.request(`/api/data/workflows/${workflow.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['WorkflowCreated', 'WorkflowRenamed', 'WorkflowStepsReplaced']);
  });

  it('still renames a workflow whose template was deleted, but refuses new steps naming it', async () => {
    const doomed = (await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Short-lived', subject: 's', body: 'b' } })).body.id;
    const workflow = (await create({ name: 'Orphan', steps: [{ day: 1, type: 'Email', templateId: doomed }] })).body;
    await app.request(`/api/data/templates/${doomed}`, { method: 'DELETE', token });
    const renamed = await app.request(`/api/data/workflows/${workflow.id}`, { method: 'PUT', token, body: { ...workflow, name: 'Orphan renamed' } });
    expect(renamed.status).to.equal(200);
    expect(renamed.body.steps).to.deep.equal(workflow.steps);
    const moved = await app.request(`/api/data/workflows/${workflow.id}`, { method: 'PUT', token, body: { steps: [{ day: 2, type: 'Email', templateId: doomed }] } });
    expect(moved.status).to.equal(400);
    expect(moved.body.message).to.equal('Step 1: choose one of your templates.');
  });

  it('deletes a workflow: gone from the list, its history and activity kept', async () => {
    const workflow = (await create({ name: 'Short-lived', steps: steps().slice(0, 1) })).body;
    expect((await app.request(`/api/data/workflows/${workflow.id}`, { method: 'DELETE', token })).status).to.equal(200);
    expect((await app.request(`/api/data/workflows/${workflow.id}`, { token })).status).to.equal(404);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: workflow.id }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal(['Deleted workflow', 'Created workflow "Short-lived" with 1 step']);
  });

  it('restores a deleted workflow with its steps, for its owner alone, and refuses one not deleted with 409', async () => {
    const workflow = (await create({ name: 'Undone', steps: steps() })).body;
    await app.request(`/api/data/workflows/${workflow.id}`, { method: 'DELETE', token });
    const restore = (auth: string) => app.request(`/api/data/workflows/${workflow.id}/restore`, { method: 'POST', token: auth });
    expect((await restore(otherToken)).status).to.equal(404);
    const restored = await restore(token);
    expect(restored.status).to.equal(200);
    expect(restored.body).to.deep.include({ id: workflow.id, name: 'Undone', steps: steps(), version: 3 });
    expect((await restore(token)).body.message).to.equal('This workflow is not deleted, so there is nothing to restore: it was restored already, or never deleted.');
    const history = await app.request(`/api/data/workflows/${workflow.id}/history`, { token });
    expect(history.body.map((entry: { summary: string }) => entry.summary).at(-1)).to.equal('Restored workflow "Undone"');
  });
});
