import { expect } from 'chai';
import { describeWithDatabase } from '../../../../test/support/database.ts';
import { withOutreachApp, type TestApp } from '../../../../test/support/app.ts';

describeWithDatabase('templates API', (context) => {
  let app: TestApp;
  let token: string;
  let otherToken: string;
  withOutreachApp(context, (started) => ({ app, token, otherToken } = started));

  const create = (body: unknown, auth = token) => app.request('/api/data/templates', { method: 'POST', token: auth, body });
  const intro = { name: 'CFO intro', subject: 'Hello from {{userName}}', body: 'Hi {{contactName}},\n\nI follow {{bankName}}.' };
  const names = (body: Array<{ name: string }>) => body.map((template) => template.name);

  it('creates a template, defaulting its category to introduction, and answers it with created/updated aliases', async () => {
    const response = await create(intro);
    expect(response.status).to.equal(201);
    expect(response.body).to.include({ ...intro, category: 'introduction', isFavorite: false, version: 1 });
    expect(response.body.created).to.equal(response.body.createdAt);
    expect(response.body.updated).to.equal(response.body.updatedAt);
    expect(response.headers.get('etag')).to.equal('W/"1"');
  });

  it('rejects a template without a name, subject or body with 400 and a clear message', async () => {
    const noName = await create({ ...intro, name: '  ' });
    expect(noName.status).to.equal(400);
    expect(noName.body.message).to.equal('name: Template name is required.');
    expect((await create({ name: 'x', body: 'y' })).body.message).to.match(/subject: Template subject is required/);
    expect((await create({ name: 'x', subject: 'y', body: ' \n ' })).body.message).to.match(/body: Template body is required/);
  });

  it('rejects an unknown category, a multi-line subject and an unknown field with 400', async () => {
    expect((await create({ ...intro, category: 'cold-call' })).body.message).to.match(/Category must be one of introduction, follow-up, check-in, custom/);
    expect((await create({ ...intro, subject: 'Hello\nBcc: everyone@example.com' })).body.message).to.match(/subject must be a single line/);
    expect((await create({ ...intro, owner: 'me' })).status).to.equal(400);
  });

  it('refuses a subject or body the placeholder engine cannot read, saying where, as the editor does', async () => {
    const unclosed = await create({ ...intro, subject: 'Hello {{bankName' });
    expect(unclosed.status).to.equal(400);
    expect(unclosed.body.message).to.equal('subject: Template syntax error at line 1, column 9: a placeholder is not closed properly: write {{name}}.');
    expect((await create({ ...intro, body: 'Hi,\n{{#if contactName}} welcome' })).body.message).to.match(/^body: Template syntax error at line 2, column \d+: a \{\{#block\}\} is never closed\.$/);
    // An unknown name is only a warning: it shows as N/A.
    expect((await create({ ...intro, name: 'Typo', body: 'Hi {{contactNmae}},' }, otherToken)).status).to.equal(201);
  });

  it('saves a template whose blocks are closed or continued in another letter case, as helpers are read in any case', async () => {
    const body = '{{#If contactName}}Hi {{contactName}}{{ELSE}}Hello{{/if}},\n{{#EACH tags}}{{this}}{{/each}}';
    const saved = await create({ ...intro, name: 'Mixed case', subject: '{{#IF bankName}}{{bankName}}{{/If}}', body }, otherToken);
    expect(saved.status).to.equal(201);
    expect(saved.body).to.include({ subject: '{{#IF bankName}}{{bankName}}{{/If}}', body });
  });

  it("lists only the user's templates, newest first, filtered by category, favorite and search", async () => {
    await create({ name: 'Quarterly check-in', category: 'check-in', subject: 'Checking in', body: 'How was the quarter?', isFavorite: true });
    await create({ name: 'Theirs', subject: 'Not yours', body: 'Private' }, otherToken);
    const all = await app.request('/api/data/templates?range=[0,9]', { token });
    expect(names(all.body)).to.deep.equal(['Quarterly check-in', 'CFO intro']);
    expect(all.headers.get('content-range')).to.equal('templates 0-1/2');
    const filter = (value: object) => app.request(`/api/data/templates?filter=${encodeURIComponent(JSON.stringify(value))}`, { token });
    expect(names((await filter({ category: 'check-in' })).body)).to.deep.equal(['Quarterly check-in']);
    expect(names((await filter({ isFavorite: false })).body)).to.deep.equal(['CFO intro']);
    expect(names((await filter({ q: 'BANKNAME' })).body)).to.deep.equal(['CFO intro']);
    expect((await filter({ category: 'spam' })).status).to.equal(400);
  });

  it("answers 404 for another user's template and never lets them change, favorite or delete it", async () => {
    const mine = (await create({ ...intro, name: 'Private' })).body;
    expect((await app.request(`/api/data/templates/${mine.id}`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/templates/${mine.id}`, { method: 'PUT', token: otherToken, body: { name: 'Hijacked' } })).status).to.equal(404);
    expect((await app.request(`/api/data/templates/${mine.id}/favorite`, { method: 'PUT', token: otherToken, body: { isFavorite: true } })).status).to.equal(404);
    expect((await app.request(`/api/data/templates/${mine.id}`, { method: 'DELETE', token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/templates/${mine.id}/history`, { token: otherToken })).status).to.equal(404);
    expect((await app.request(`/api/data/templates/${mine.id}`, { token })).body).to.include({ name: 'Private', isFavorite: false, version: 1 });
  });

  it('updates from a whole react-admin record, appending events only for what changed', async () => {
    const template = (await create({ ...intro, name: 'Draft' })).body;
    const updated = await app.request(`/api/data/templates/${template.id}`, {
      method: 'PUT',
      token,
      body: { ...template, name: 'Final', category: 'follow-up', isFavorite: true },
    });
    expect(updated.status).to.equal(200);
    expect(updated.body).to.include({ name: 'Final', category: 'follow-up', isFavorite: true, subject: intro.subject, version: 4 });
    const unchanged = await app.request(`/api/data/templates/${template.id}`, { method: 'PUT', token, body: updated.body });
    expect(unchanged.body.version).to.equal(4);
    const history = await app.request(`/api/data/templates/${template.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['TemplateCreated', 'TemplateRenamed', 'TemplateRecategorized', 'TemplateFavorited']);
    expect(history.body[1].version).to.equal(2);
    expect(history.body[1].changes.map(({ field, to }: { field: string; to: unknown }) => ({ field, to }))).to.deep.equal([{ field: 'name', to: 'Final' }]);
  });

  it('toggles the favorite star through its own route, and refuses a non-boolean', async () => {
    const template = (await create({ ...intro, name: 'Star me' })).body;
    const starred = await app.request(`/api/data/templates/${template.id}/favorite`, { method: 'PUT', token, body: { isFavorite: true } });
    expect(starred.body).to.include({ isFavorite: true, version: 2 });
    const again = await app.request(`/api/data/templates/${template.id}/favorite`, { method: 'PUT', token, body: { isFavorite: true } });
    expect(again.body.version).to.equal(2);
    const unstarred = await app.request(`/api/data/templates/${template.id}/favorite`, { method: 'PUT', token, body: { isFavorite: false } });
    expect(unstarred.body).to.include({ isFavorite: false, version: 3 });
    const wrong = await app.request(`/api/data/templates/${template.id}/favorite`, { method: 'PUT', token, body: { isFavorite: 'yes' } });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.match(/isFavorite must be true or false/);
  });

  it('refuses a stale If-Match with 412', async () => {
    const template = (await create({ ...intro, name: 'Versioned' })).body;
    const stale = await app.request(`/api/data/templates/${template.id}`, { method: 'PUT', token, body: { name: 'Mine' }, headers: { 'if-match': 'W/"3"' } });
    expect(stale.status).to.equal(412);
  });

  it('deletes a template: gone from the list, its history and activity kept', async () => {
    const template = (await create({ ...intro, name: 'Short-lived', category: 'custom' })).body;
    expect((await app.request(`/api/data/templates/${template.id}`, { method: 'DELETE', token })).status).to.equal(200);
    expect((await app.request(`/api/data/templates/${template.id}`, { token })).status).to.equal(404);
    const history = await app.request(`/api/data/templates/${template.id}/history`, { token });
    expect(history.body.map((entry: { type: string }) => entry.type)).to.deep.equal(['TemplateCreated', 'TemplateDeleted']);
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: template.id }))}`, { token });
    expect(activity.body.map((row: { summary: string }) => row.summary)).to.deep.equal(['Deleted template', 'Created Custom template "Short-lived"']);
  });

  it('restores a deleted template as it was, for its owner alone, and refuses one not deleted with 409', async () => {
    const template = (await create({ ...intro, name: 'Second chance', category: 'custom' })).body;
    await app.request(`/api/data/templates/${template.id}`, { method: 'DELETE', token });
    const restore = (auth: string) => app.request(`/api/data/templates/${template.id}/restore`, { method: 'POST', token: auth });
    expect((await restore(otherToken)).status).to.equal(404);
    const restored = await restore(token);
    expect(restored.status).to.equal(200);
    expect(restored.body).to.include({ id: template.id, name: 'Second chance', category: 'custom', subject: template.subject, body: template.body, version: 3 });
    expect(names((await app.request('/api/data/templates', { token })).body)).to.include('Second chance');
    const again = await restore(token);
    expect(again.status).to.equal(409);
    expect(again.body.message).to.equal('This template is not deleted, so there is nothing to restore: it was restored already, or never deleted.');
    const activity = await app.request(`/api/data/activity?filter=${encodeURIComponent(JSON.stringify({ recordId: template.id }))}`, { token });
    expect(activity.body[0].summary).to.equal('Restored template "Second chance"');
  });
});
