import { randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, withOutreachApp, type TestApp } from '../../../test/support/app.ts';
import { capturedLog } from '../../../test/support/captured-log.ts';
import { SecretBox } from './secret-box.ts';
import { readUserSecrets } from './settings.ts';

describeWithDatabase('settings API', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  let otherToken: string;
  withOutreachApp(context, (started) => {
    ({ app, token, otherToken } = started);
    userId = started.owner.user.id;
  });

  const put = (body: unknown, auth = token) => app.request('/api/data/settings', { method: 'PUT', token: auth, body });

  it('answers defaults (region US, nothing set) before anything was saved', async () => {
    const response = await app.request('/api/data/settings', { token });
    expect(response.status).to.equal(200);
    expect(response.body).to.deep.equal({
      hunterApiKey: '',
      hunterApiKeySet: false,
      mailgunApiKey: '',
      mailgunApiKeySet: false,
      mailgunDomain: '',
      mailgunRegion: 'US',
      mailgunWebhookSigningKey: '',
      mailgunWebhookSigningKeySet: false,
      unreadableSecrets: [],
      sendWindowStartHour: 8,
      sendWindowEndHour: 18,
      sendDays: [1, 2, 3, 4, 5],
      timeZone: null,
      dailySendCap: 50,
      updatedAt: null,
    });
  });

  it("saves automation's send window, days, time zone and daily cap, and refuses impossible ones", async () => {
    const saved = await put({ sendWindowStartHour: 9, sendWindowEndHour: 17, sendDays: [5, 1, 3, 3], timeZone: 'America/Denver', dailySendCap: 25 });
    expect(saved.status, saved.text).to.equal(200);
    expect(saved.body).to.include({ sendWindowStartHour: 9, sendWindowEndHour: 17, timeZone: 'America/Denver', dailySendCap: 25 });
    expect(saved.body.sendDays).to.deep.equal([1, 3, 5]);
    expect((await put({ sendWindowStartHour: 18 })).body.message).to.equal('The send window must end after it starts.');
    expect((await put({ timeZone: 'Mars/Olympus' })).body.message).to.match(/Time zone must be a zone like America\/Chicago/);
    expect((await put({ sendDays: [0] })).body.message).to.match(/1 \(Monday\) to 7 \(Sunday\)/);
    expect((await put({ dailySendCap: 0 })).body.message).to.match(/at least 1/);
    // every refusal at once, so one Save shows all there is to correct
    expect((await put({ sendWindowStartHour: 20, sendWindowEndHour: 18, dailySendCap: 0 })).body.issues).to.deep.equal([
      { path: 'dailySendCap', message: 'The daily send cap must be at least 1.' },
      { path: 'sendWindowEndHour', message: 'The send window must end after it starts.' },
    ]);
    // an emptied number field is refused under it, not taken for 0 or left as saved
    expect((await put({ sendWindowStartHour: null, sendWindowEndHour: 17, dailySendCap: null })).body.issues).to.deep.equal([
      { path: 'sendWindowStartHour', message: 'The send window start must be an hour from 0 to 24.' },
      { path: 'dailySendCap', message: 'The daily send cap must be a whole number.' },
    ]);
    // Blank time zone: each bank's state's own again.
    expect((await put({ timeZone: '' })).body.timeZone).to.equal(null);
  });

  it('saves keys encrypted and answers only a preview of each', async () => {
    const response = await put({ hunterApiKey: 'hunter-secret-1a2b', mailgunApiKey: 'key-mailgun-9z8y', mailgunDomain: 'MG.Example.com', mailgunRegion: 'EU', mailgunWebhookSigningKey: 'whsec-signing-7x6w' });
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ hunterApiKey: '••••1a2b', hunterApiKeySet: true, mailgunApiKey: '••••9z8y', mailgunDomain: 'mg.example.com', mailgunRegion: 'EU', mailgunWebhookSigningKey: '••••7x6w', mailgunWebhookSigningKeySet: true });
    expect(response.text).to.not.include('hunter-secret').and.not.include('whsec-signing');
    const row = await context.db.knex('user_settings').where({ user_id: userId }).first();
    expect(JSON.stringify(row)).to.not.include('hunter-secret').and.not.include('key-mailgun').and.not.include('whsec-signing');
    expect(await readUserSecrets(context.db.knex, app.services.secrets, userId)).to.deep.equal({
      hunterApiKey: 'hunter-secret-1a2b',
      mailgunApiKey: 'key-mailgun-9z8y',
      mailgunDomain: 'mg.example.com',
      mailgunRegion: 'EU',
      mailgunWebhookSigningKey: 'whsec-signing-7x6w',
      unreadable: [],
    });
  });

  it('refuses a Mailgun key without its sending domain with 400 on the domain field, and keeps what was saved', async () => {
    const alone = await put({ mailgunApiKey: 'key-alone-4d4d', mailgunDomain: '' }, otherToken);
    expect(alone.status).to.equal(400);
    expect(alone.body.issues).to.deep.equal([{ path: 'mailgunDomain', message: 'Enter the sending domain of your Mailgun key (like mg.yourcompany.com): Mailgun sends only from it.' }]);
    expect((await app.request('/api/data/settings', { token: otherToken })).body).to.include({ mailgunApiKeySet: false });

    expect((await put({ mailgunApiKey: 'key-paired-5e5e', mailgunDomain: 'mg.other.com' }, otherToken)).status).to.equal(200);
    const cleared = await put({ mailgunDomain: '' }, otherToken);
    expect(cleared.status).to.equal(400);
    expect((await app.request('/api/data/settings', { token: otherToken })).body).to.include({ mailgunApiKey: '••••5e5e', mailgunDomain: 'mg.other.com' });
    // Taking the key off with its domain leaves no Mailgun account, which is allowed.
    expect((await put({ mailgunApiKey: '', mailgunDomain: '' }, otherToken)).status).to.equal(200);
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

  it('refuses with 400 a new key typed after the preview instead of keeping the saved one, and tests nothing with it', async () => {
    const current = (await app.request('/api/data/settings', { token })).body;
    const appended = await put({ ...current, hunterApiKey: `${current.hunterApiKey}hunter-new-3c3c` });
    expect(appended.status).to.equal(400);
    const message = "The Hunter.io API key field still holds the saved key's dots (••••): clear the field, then type or paste the whole new key.";
    expect(appended.body.issues).to.deep.include({ path: 'hunterApiKey', message });
    expect(await readUserSecrets(context.db.knex, app.services.secrets, userId)).to.include({ hunterApiKey: 'hunter-secret-1a2b' });

    const test = await app.request('/api/services/mailgun/test', { method: 'POST', token, body: { mailgunApiKey: `••••${'9z8y'}key-typed` } });
    expect(test.status).to.equal(400);
    expect(test.body.message).to.match(/The Mailgun API key field still holds/);
  });

  it('answers keys sealed with another secrets key as not saved and names them, refuses Hunter with a sentence, and takes them again', async () => {
    // as after an upgrade on a server without the old secrets key (a new container, DATA_DIR moved)
    const formerKey = new SecretBox(randomBytes(32));
    await context.db.knex('user_settings').where({ user_id: userId }).update({ hunter_api_key_sealed: formerKey.encrypt('hunter-old-5c5c'), mailgun_api_key_sealed: formerKey.encrypt('key-old-6d6d') });

    const settings = await app.request('/api/data/settings', { token });
    expect(settings.status).to.equal(200);
    expect(settings.body).to.include({ hunterApiKey: '', hunterApiKeySet: false, mailgunApiKey: '', mailgunApiKeySet: false, mailgunDomain: 'mg.example.com' });
    expect(settings.body.unreadableSecrets).to.deep.equal(['hunterApiKey', 'mailgunApiKey']);
    const find = await app.request('/api/services/hunter/find', { method: 'POST', token, body: { domain: 'example.com' } });
    expect(find.status).to.equal(400);
    expect(find.body.message).to.equal(
      "Your saved Hunter.io API key can no longer be read: this server's secrets key is not the one it was saved with. Enter the key again in Settings, or give the server its old secrets key.",
    );
    expect((await app.request('/api/services/hunter/test', { method: 'POST', token, body: {} })).body).to.include({ success: false, message: find.body.message });

    const saved = await put({ hunterApiKey: 'hunter-new-7e7e', mailgunApiKey: 'key-new-8f8f' });
    expect(saved.body).to.include({ hunterApiKey: '••••7e7e', mailgunApiKey: '••••8f8f' });
    expect(saved.body.unreadableSecrets).to.deep.equal([]);
  });

  it('warns at start, once, when the saved keys were sealed with another key than this server has', async () => {
    const restored = await app.signUp('Restored At Start');
    await context.db.knex('user_settings').insert({ user_id: restored.user.id, hunter_api_key_sealed: new SecretBox(Buffer.alloc(32, 5)).encrypt('sealed-elsewhere-key'), updated_at: new Date(Date.now() + 60_000) });
    let second: TestApp | undefined;
    const lines = await capturedLog(async () => {
      second = await startTestApp(context.db);
    });
    await second?.stop();
    const warnings = lines.filter((line) => line.includes('"level":"warn"'));
    expect(warnings.map((line) => JSON.parse(line).message)).to.deep.equal([
      "Users' saved API keys were sealed with another key than this server's (SECRETS_KEY, else DATA_DIR/secrets.key): restore the secrets.key of the backup, or give every process the same SECRETS_KEY. Until then users must enter their keys again.",
    ]);
    await context.db.knex('user_settings').where({ user_id: restored.user.id }).delete();
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
