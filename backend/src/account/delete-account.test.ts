import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { tablesContaining } from '../../../test/support/tables.ts';
import { features } from '../features.ts';
import { eraseContact } from '../privacy/erase.ts';
import { accountFeature } from './feature.ts';
import { closeAccount, contactsPerRound, eraseNextContactsOfDeletedAccount } from './delete-account.ts';

const password = 'correct horse battery';

describeWithDatabase('deleting one\'s own account', (context) => {
  let app: TestApp;

  before(async () => {
    // the rounds run when a test says, not in the background
    app = await startTestApp(context.db, { features: features.map((feature) => (feature === accountFeature ? { ...feature, start: undefined, stop: undefined } : feature)) });
  });
  after(async () => app.stop());

  /** Erases every deleted account's contacts, as the background worker does round after round. */
  const finishDeletions = async () => {
    while ((await eraseNextContactsOfDeletedAccount(app.services)) > 0);
  };

  async function userWithContacts(label: string, contacts: Array<{ name: string; email: string }>) {
    const { token, user } = await app.signUp(label);
    const cert = 700 + Math.floor(Math.random() * 200);
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert, name: `${label} Bank`, state: 'PA' } });
    const ids: string[] = [];
    for (const contact of contacts) ids.push((await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: cert, title: 'CFO', ...contact } })).body.id);
    return { token, user, cert, ids };
  }

  const deleteAccount = (token: string, body: unknown) => app.request('/api/auth/account', { method: 'DELETE', token, body });

  it('refuses a wrong password with 400 naming the field (not 401: the session is fine), or a missing one, and leaves the account as it was', async () => {
    const { token, ids } = await userWithContacts('Careful', [{ name: 'Petra Stayput', email: 'petra@stay.example' }]);
    const wrong = await deleteAccount(token, { password: 'not my password' });
    expect(wrong.status).to.equal(400);
    expect(wrong.body.message).to.equal('Your current password is not correct.');
    expect(wrong.body.issues).to.deep.equal([{ path: 'password', message: 'Your current password is not correct.' }]);
    const missing = await deleteAccount(token, {});
    expect(missing.status).to.equal(400);
    expect(missing.body.message).to.equal('Enter your password to delete your account.');
    expect((await deleteAccount(token, { password, userId: ids[0] })).status).to.equal(400);
    expect((await app.request('/api/auth/account', { method: 'DELETE', body: { password } })).status).to.equal(401);
    expect((await app.request('/api/auth/me', { token })).status).to.equal(200);
    expect((await app.request(`/api/data/contacts/${ids[0]}`, { token })).body.name).to.equal('Petra Stayput');
  });

  it('counts wrong passwords in the allowance it shares with changing the password: after ten, both answer 429', async () => {
    const { token } = await app.signUp('Guessing');
    for (let attempt = 0; attempt < 10; attempt += 1) expect((await deleteAccount(token, { password: `guess ${attempt}` })).status).to.equal(400);
    const locked = await deleteAccount(token, { password });
    expect(locked.status).to.equal(429);
    expect(locked.headers.get('retry-after')).to.match(/^\d+$/);
    expect((await app.request('/api/auth/password', { method: 'POST', token, body: { currentPassword: password, newPassword: 'a brand new password' } })).status).to.equal(429);
    expect((await app.request('/api/auth/me', { token })).status).to.equal(200);
  });

  it('signs the user out everywhere, revokes their keys, erases their contacts and touches no one else', async () => {
    const { knex } = context.db;
    const leaving = await userWithContacts('Leaving', [
      { name: 'Quentin Goneaway', email: 'quentin@leaving.example' },
      { name: 'Rosa Vanished', email: 'rosa@leaving.example' },
    ]);
    const staying = await userWithContacts('Staying', [{ name: 'Sergio Remains', email: 'sergio@staying.example' }]);
    const email = leaving.user.email;
    const otherSession = (await app.request('/api/auth/login', { method: 'POST', body: { email, password } })).body.token;
    const apiKey = (await app.request('/api/data/api-keys', { method: 'POST', token: leaving.token, body: { name: 'CRM sync' } })).body.key;
    expect((await app.request('/api/public/banks', { headers: { 'x-api-key': apiKey } })).status).to.equal(200);
    await app.request('/api/data/settings', { method: 'PUT', token: leaving.token, body: { hunterApiKey: 'hunter-secret-1234' } });
    await app.request('/api/analyst/chats/leaving', { method: 'POST', token: leaving.token, body: { title: 'About Quentin Goneaway', messages: [{ role: 'user', content: 'Who is Quentin Goneaway?' }] } });
    // A step two days on: the app's scheduler, on the real clock, must not complete it before the deletion stops it.
    const workflow = await app.request('/api/data/workflows', { method: 'POST', token: leaving.token, body: { name: 'Visits', steps: [{ day: 3, type: 'LinkedIn Visit' }] } });
    await app.request(`/api/data/workflows/${workflow.body.id}/enrolments`, { method: 'POST', token: leaving.token, body: { contactIds: [leaving.ids[0]] } });
    // Rosa was deleted before: her events still hold her data, sealed under her key
    await app.request(`/api/data/contacts/${leaving.ids[1]}`, { method: 'DELETE', token: leaving.token });

    const deleted = await deleteAccount(leaving.token, { password });
    expect(deleted.status).to.equal(202);

    // at once: no session, no key, no sign-in; the email is free for a new, empty account
    for (const token of [leaving.token, otherSession]) expect((await app.request('/api/auth/me', { token })).status).to.equal(401);
    expect((await app.request('/api/data/contacts', { token: leaving.token })).status).to.equal(401);
    expect((await app.request('/api/public/banks', { headers: { 'x-api-key': apiKey } })).status).to.equal(401);
    const signIn = await app.request('/api/auth/login', { method: 'POST', body: { email, password } });
    expect(signIn.status).to.equal(401);
    expect(await knex('user_settings').where('user_id', leaving.user.id)).to.have.length(0);
    expect(await knex('api_keys').where('user_id', leaving.user.id)).to.have.length(0);
    expect(await knex('analyst_chats').where('user_id', leaving.user.id)).to.have.length(0);

    await finishDeletions();
    for (const value of ['Quentin Goneaway', 'quentin@leaving.example', 'Rosa Vanished', 'rosa@leaving.example']) expect(await tablesContaining(knex, value), value).to.deep.equal([]);
    // the audit trail stays, shredded: each contact's history ends with its erasure
    for (const id of leaving.ids) expect((await app.services.eventStore.readStream(`contact-${id}`)).at(-1)?.type).to.equal('ContactErased');
    expect(await knex('enrolments').where('user_id', leaving.user.id).pluck('status')).to.deep.equal(['stopped']);
    const record = await knex('account_deletions').where('user_id', leaving.user.id).first();
    expect(record.finished_at).to.not.equal(null);
    expect(record.contacts_erased).to.equal(2);

    expect((await app.request(`/api/data/contacts/${staying.ids[0]}`, { token: staying.token })).body).to.include({ name: 'Sergio Remains', email: 'sergio@staying.example' });
    expect((await app.request('/api/auth/me', { token: staying.token })).status).to.equal(200);

    const again = await app.request('/api/auth/register', { method: 'POST', body: { name: 'Leaving Again', email, password } });
    expect(again.status).to.equal(201);
    expect(again.body.user.id).to.not.equal(leaving.user.id);
    expect((await app.request('/api/data/contacts', { token: again.body.token })).body).to.deep.equal([]);
  });

  it('erases a few hundred contacts in rounds, and finishes a deletion a stopped process left halfway', async function () {
    this.timeout(300_000);
    const { knex } = context.db;
    const count = 12 * contactsPerRound + 7;
    const { token, user, cert } = await userWithContacts('Many', []);
    const csv = ['Full name,Job title,Email,Cert', ...Array.from({ length: count }, (_, index) => `Person Number${index},CFO,person${index}@many.example,${cert}`)].join('\n');
    const imported = await app.request('/api/data/contacts/import', { method: 'POST', token, body: { csv, mapping: { name: 'Full name', title: 'Job title', email: 'Email', bankId: 'Cert' } } });
    expect(imported.status, imported.text).to.equal(200);
    const ids: string[] = await knex('contacts').where('user_id', user.id).pluck('id');
    expect(ids).to.have.length(count);

    await closeAccount(knex, user.id);
    expect(await eraseNextContactsOfDeletedAccount(app.services)).to.equal(contactsPerRound);
    // a process stops halfway through its round: it took up the deletion and erased a few contacts past its progress
    await knex('account_deletions').where('user_id', user.id).update({ claimed_until: knex.raw("now() + interval '5 minutes'") });
    const { erased_through: through } = await knex('account_deletions').where('user_id', user.id).first();
    const halfway = ids.filter((id) => id > through).sort().slice(0, 3);
    for (const id of halfway) await eraseContact(app.services, user.id, id);
    // claimed by the stopped process: no one else takes it up until the claim lapses
    expect(await eraseNextContactsOfDeletedAccount(app.services)).to.equal(0);
    await knex('account_deletions').where('user_id', user.id).update({ claimed_until: knex.raw("now() - interval '1 second'") });

    await finishDeletions();
    expect(await tablesContaining(knex, 'many.example')).to.deep.equal([]);
    for (const id of ids) {
      const erasures = (await app.services.eventStore.readStream(`contact-${id}`)).filter((event) => event.type === 'ContactErased');
      expect(erasures, id).to.have.length(1);
    }
    const record = await knex('account_deletions').where('user_id', user.id).first();
    expect(record.contacts_erased).to.equal(count);
    expect(record.finished_at).to.not.equal(null);
  });
});
