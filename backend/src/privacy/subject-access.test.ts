import { expect } from 'chai';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';

describeWithDatabase("a contact's personal data, for their request to see it", (context) => {
  let app: TestApp;
  let token: string;
  let contactId: string;
  before(async () => {
    app = await startTestApp(context.db);
    token = (await app.signUp('Holder')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 902, name: 'Delta Bank', state: 'OH' } });
    contactId = (await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 902, title: 'CFO', name: 'Dana Lee', email: 'dana@delta.example', linkedinUrl: 'https://www.linkedin.com/in/dana-lee-9' } })).body.id;
    await app.request(`/api/data/contacts/${contactId}`, { method: 'PUT', token, body: { name: 'Dana Lee-Park' } });
    await app.request('/api/data/sent-emails', { method: 'POST', token, body: { contactId, bankId: 902, recipientName: 'Dana Lee', recipientEmail: 'dana@delta.example', subject: 'Hello Dana', body: 'Hi Dana Lee, about Delta Bank', sentAt: '2026-11-02T09:00:00Z' } });
    await app.request('/api/data/banks/902', { method: 'PUT', token, body: { notes: 'Dana Lee prefers calls on Fridays.' } });
    await app.request('/api/data/tasks', { method: 'POST', token, body: { text: 'Call Dana Lee-Park back', dueDate: '2027-01-04', bankId: 902 } });
    await app.request('/api/data/tasks', { method: 'POST', token, body: { text: 'Send the deck to the board', dueDate: '2027-01-05', bankId: 902 } });
    await app.request('/api/data/tasks', { method: 'POST', token, body: { text: 'Connect: https://www.linkedin.com/in/dana-lee-9', dueDate: '2027-01-06', bankId: 902 } });
    await app.request('/api/data/suppressions', { method: 'POST', token, body: { email: 'dana@delta.example', detail: 'Asked on the phone.' } });
    await app.request('/api/analyst/chats/delta', { method: 'POST', token, body: { title: 'Delta contacts', messages: [{ role: 'user', content: 'contacts at Delta Bank' }, { role: 'assistant', content: '- Dana Lee-Park, CFO (dana@delta.example)' }] } });
    // another user's records of a person of the same name are theirs, not this user's to give
    const other = (await app.signUp('Other Holder')).token;
    await app.request('/api/data/banks', { method: 'POST', token: other, body: { cert: 902, name: 'Delta Bank', state: 'OH' } });
    await app.request('/api/data/tasks', { method: 'POST', token: other, body: { text: 'Lunch with Dana Lee', dueDate: '2027-01-04', bankId: 902 } });
  });
  after(async () => app.stop());

  it('gives everything held on the contact: the record and its history, the emails sent, the Do Not Contact entry, and the notes, tasks and conversations naming them', async () => {
    const response = await app.request(`/api/data/contacts/${contactId}/personal-data`, { token });
    expect(response.status, response.text).to.equal(200);
    expect(response.headers.get('cache-control')).to.equal('no-store');
    const held = response.body;
    expect(held.contact).to.include({ name: 'Dana Lee-Park', email: 'dana@delta.example', linkedinUrl: 'https://www.linkedin.com/in/dana-lee-9', title: 'CFO' });
    expect(held.history.map((entry: { summary: string }) => entry.summary)).to.include('Renamed contact to "Dana Lee-Park"');
    expect(held.emailsSent).to.have.length(1);
    expect(held.emailsSent[0]).to.include({ to: 'dana@delta.example', subject: 'Hello Dana', body: 'Hi Dana Lee, about Delta Bank' });
    expect(held.doNotContact).to.deep.equal([{ email: 'dana@delta.example', reason: 'manual', note: 'Asked on the phone.', since: held.doNotContact[0].since }]);
    expect(held.bankNotes).to.deep.equal([{ bank: 'Delta Bank', cert: 902, notes: 'Dana Lee prefers calls on Fridays.' }]);
    // a task quoting only their profile address names them too
    expect(held.tasks.map((task: { text: string }) => task.text)).to.deep.equal(['Call Dana Lee-Park back', 'Connect: https://www.linkedin.com/in/dana-lee-9']);
    expect(held.analystChats).to.have.length(1);
    expect(held.analystChats[0].messages).to.deep.equal([{ role: 'assistant', content: '- Dana Lee-Park, CFO (dana@delta.example)' }]);
  });

  it("answers 404 for another user's contact", async () => {
    const stranger = (await app.signUp('Stranger')).token;
    expect((await app.request(`/api/data/contacts/${contactId}/personal-data`, { token: stranger })).status).to.equal(404);
    expect((await app.request('/api/data/contacts/not-an-id/personal-data', { token })).status).to.equal(404);
  });

  it('gives nothing of an erased contact but the facts erasure keeps', async () => {
    expect((await app.request(`/api/data/contacts/${contactId}/erase`, { method: 'POST', token })).status).to.equal(200);
    const held = (await app.request(`/api/data/contacts/${contactId}/personal-data`, { token })).body;
    expect(held.contact).to.include({ name: 'Erased contact', title: 'CFO', email: null });
    expect(held.emailsSent).to.have.length(1);
    expect(JSON.stringify(held)).to.not.match(/Dana|dana@|dana-lee/);
  });
});
