import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { readUserSecrets } from './settings.ts';

describeWithDatabase('settings API', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  before(async () => {
    app = await startTestApp(context.db);
    ({ token, user: { id: userId } } = await app.signUp('Owner'));
    otherToken = (await app.signUp('Someone Else')).token;
  });
  after(async () => app.stop());

  const put = (body: unknown, auth = token) => app.request('/api/data/settings', { method: 'PUT', token: auth, body });

  it('answers defaults (region US, nothing set) before anything was saved', async () => {
    const response = await app.request('/api/data/settings', { token });
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({ hunterApiKey: '', hunterApiKeySet: false, mailgunApiKey: '', mailgunApiKeySet: false, mailgunDomain: '', mailgunRegion: 'US', updatedAt: null });
  });

  it('saves keys encrypted and answers only a preview of each', async () => {
    const response = await put({ hunterApiKey: 'hunter-secret-1a2b', mailgunApiKey: 'key-mailgun-9z8y', mailgunDomain: 'MG.Example.com', mailgunRegion: 'EU' });
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ hunterApiKey: '••••1a2b', hunterApiKeySet: true, mailgunApiKey: '••••9z8y', mailgunDomain: 'mg.example.com', mailgunRegion: 'EU' });
    expect(response.text).to.not.include('hunter-secret');
    const row = await context.db.knex('user_settings').where({ user_id: userId }).first();
    expect(JSON.stringify(row)).to.not.include('hunter-secret').and.not.include('key-mailgun');
    expect(await readUserSecrets(context.db.knex, app.services.secrets, userId)).to.deep.equal({
      hunterApiKey: 'hunter-secret-1a2b',
      mailgunApiKey: 'key-mailgun-9z8y',
      mailgunDomain: 'mg.example.com',
      mailgunRegion: 'EU',
    });
  });

  it('keeps a stored secret when the form sends its preview back, and removes it when sent blank', async () => {
    const current = (await app.request('/api/data/settings', { token })).body;
    await put({ ...current, mailgunRegion: 'US' });
    let secrets = await readUserSecrets(context.db.knex, app.services.secrets, userId);
    expect(secrets).to.include({ hunterApiKey: 'hunter-secret-1a2b', mailgunApiKey: 'key-mailgun-9z8y', mailgunRegion: 'US' });
    await put({ mailgunApiKey: '' });
    secrets = await readUserSecrets(context.db.knex, app.services.secrets, userId);
    expect(secrets).to.include({ hunterApiKey: 'hunter-secret-1a2b', mailgunApiKey: null });
  });

  it("keeps each user's settings apart", async () => {
    const response = await app.request('/api/data/settings', { token: otherToken });
    expect(response.body).to.include({ hunterApiKeySet: false, mailgunDomain: '' });
  });

  it('rejects a bad region, a domain with a scheme, a key with spaces and unknown fields with field messages', async () => {
    const region = await put({ mailgunRegion: 'ASIA' });
    expect(region.status).to.equal(400);
    expect(region.body.issues).to.deep.include({ path: 'mailgunRegion', message: 'Region must be US or EU.' });
    const domain = await put({ mailgunDomain: 'https://mg.example.com' });
    expect(domain.body.issues[0]).to.include({ path: 'mailgunDomain' });
    expect((await put({ hunterApiKey: 'two words' })).body.issues[0]).to.deep.equal({ path: 'hunterApiKey', message: 'An API key has no spaces.' });
    expect((await put({ smtpPassword: 'x' })).status).to.equal(400);
  });

  it('needs a signed-in user', async () => {
    expect((await app.request('/api/data/settings')).status).to.equal(401);
  });
});
