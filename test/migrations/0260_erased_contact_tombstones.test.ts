import { expect } from 'chai';
import { startTestApp, type TestApp } from '../support/app.ts';
import { describeWithDatabase } from '../support/database.ts';
import { up } from '../../migrations/0260_erased_contact_tombstones.ts';

describeWithDatabase('migration 0260: contacts erased by a build before 0250 stay erased', (context) => {
  let app: TestApp;
  let token: string;

  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Upgrader')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 731, name: 'Upgrade Bank', state: 'OH' } });
  });
  after(() => app.stop());

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

    await up(app.services.knex);

    const enrolment = await app.request(`/api/data/workflows/${workflowId}/enrolments`, { method: 'POST', token, body: { contactIds: [erased] } });
    expect(enrolment.status).to.equal(400);
    expect(enrolment.body.message).to.equal('Automation does not go through contacts whose personal data was erased: Erased contact (Upgrade Bank). Leave them out to start the others.');
    const email = await app.request('/api/data/sent-emails', { method: 'POST', token, body: { contactId: erased, bankId: 731, recipientEmail: 'pia.new@upgrade.example', subject: 'For Pia Lund', body: 'Hi Pia', sentAt: '2026-11-20T09:00:00Z' } });
    expect(email.status).to.equal(400);
    expect(await app.services.knex('contact_keys').where('contact_id', erased).first('key', 'erased_at')).to.include({ key: null }).and.to.have.property('erased_at').that.is.not.null;
  });

  it('keeps the key of a contact given details again after its erasure', async () => {
    const renewed = await addContact('Rui Sol', 'rui@upgrade.example');
    await eraseAsAnOldBuild(renewed);
    expect((await app.request(`/api/data/contacts/${renewed}`, { method: 'PUT', token, body: { name: 'Rui Sol', email: 'rui.sol@upgrade.example' } })).status).to.equal(200);
    const before = await app.services.knex('contact_keys').where('contact_id', renewed).first('key');

    await up(app.services.knex);

    const after = await app.services.knex('contact_keys').where('contact_id', renewed).first('key', 'erased_at');
    expect(Buffer.from(after.key).equals(Buffer.from(before.key))).to.equal(true);
    expect(after.erased_at).to.equal(null);
    expect((await app.request(`/api/data/contacts/${renewed}`, { token })).body.name).to.equal('Rui Sol');
  });
});
