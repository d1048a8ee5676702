import { expect } from 'chai';
import { EventStoreDbDouble } from '../../../test/doubles/eventstoredb-double.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { EventStoreDbEventStore } from '../eventstore/eventstoredb.ts';

describeWithDatabase('personal data on EventStoreDB', (context) => {
  let double: EventStoreDbDouble;
  let app: TestApp;
  let raw: EventStoreDbEventStore;
  let token: string;
  const person = { name: 'Yara Oddlestone', email: 'yara.oddlestone@seal.example', linkedinUrl: 'https://www.linkedin.com/in/yara-oddlestone-31' };

  before(async () => {
    double = await new EventStoreDbDouble().start();
    app = await startTestApp(context.db, { config: { eventStoreUrl: double.url } });
    raw = await EventStoreDbEventStore.connect(double.url);
    token = (await app.signUp('Owner')).token;
    await app.request('/api/data/banks', { method: 'POST', token, body: { cert: 4242, name: 'Seal Bank' } });
  });
  after(async () => {
    await raw.close();
    await app.stop();
    await double.stop();
  });

  it("stores a contact's personal fields sealed in EventStoreDB, shows them to the owner, and reads the contact as erased once its key is destroyed", async () => {
    const added = await app.request('/api/data/contacts', { method: 'POST', token, body: { bankId: 4242, title: 'CFO', ...person } });
    expect(added.status, added.text).to.equal(201);
    const id: string = added.body.id;
    await app.request(`/api/data/contacts/${id}`, { method: 'PUT', token, body: { name: 'Yara Q. Oddlestone' } });

    // What the server holds: the event, with the personal fields in a sealed envelope only.
    const stored = JSON.stringify(await raw.readStream(`contact-${id}`));
    expect(stored).to.include('$sealed').and.include('CFO');
    for (const value of [person.name, 'Oddlestone', person.email, person.linkedinUrl]) expect(stored, value).to.not.include(value);

    // What the app reads: the fields opened, in the read model (filled by the async projector) and in the stream.
    expect((await app.request(`/api/data/contacts/${id}`, { token })).body).to.include({ name: 'Yara Q. Oddlestone', email: person.email });
    const opened = (await app.services.eventStore.readStream(`contact-${id}`))[0].data;
    expect(opened).to.include({ name: person.name, email: person.email, linkedinUrl: person.linkedinUrl, title: 'CFO' });

    // Erasing a contact destroys its key.
    expect(await app.services.knex('contact_keys').where({ contact_id: id }).delete()).to.equal(1);
    const events = await app.services.eventStore.readStream(`contact-${id}`);
    expect(events[0].data).to.include({ name: 'Erased contact', email: null, linkedinUrl: null, title: 'CFO' });
    expect(JSON.stringify(events)).to.not.include('Yara').and.not.include(person.email);
  });
});
