import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { noteRegulatorDataChanged } from '../regulator/store.ts';
import { readModelPosition, touchReadModels } from './position.ts';

describeWithDatabase('read-model position and cached answers', (context) => {
  let app: TestApp;
  let token: string;
  let userId: string;
  before(async () => {
    app = await startTestApp(context.db);
    const signedUp = await app.signUp('Owner');
    token = signedUp.token;
    userId = signedUp.user.id;
  });
  after(async () => app.stop());

  const eventOf = (user: string) => ({
    stream_id: `test-${randomUUID()}`,
    stream_version: 1,
    type: 'TestHappened',
    data: {},
    metadata: { userId: user, correlationId: 'c', requestId: 'r', source: 'api', schemaVersion: 1 },
  });

  it("moves with the user's events, an explicit touch and the regulator data, and with nothing of another user", async () => {
    const { knex } = context.db;
    const start = await readModelPosition(knex, userId);
    await knex('events').insert(eventOf(randomUUID()));
    expect(await readModelPosition(knex, userId)).to.equal(start);
    await knex('events').insert(eventOf(userId));
    const afterEvent = await readModelPosition(knex, userId);
    expect(afterEvent).not.to.equal(start);
    await touchReadModels(knex, userId);
    const afterTouch = await readModelPosition(knex, userId);
    expect(afterTouch).not.to.equal(afterEvent);
    await noteRegulatorDataChanged(knex);
    expect(await readModelPosition(knex, userId)).not.to.equal(afterTouch);
  });

  it('moves when a transaction holding a lower position commits after a higher one (PostgreSQL)', async function () {
    if (context.engine !== 'postgres') this.skip();
    const { knex } = context.db;
    const early = await knex.transaction();
    try {
      await early('events').insert(eventOf(userId));
      await knex('events').insert(eventOf(userId));
      const before = await readModelPosition(knex, userId);
      await early.commit();
      expect(await readModelPosition(knex, userId)).not.to.equal(before);
    } finally {
      if (!early.isCompleted()) await early.rollback();
    }
  });

  it('answers a list again from the cache until the user writes, then shows the write at once', async () => {
    const list = () => app.request('/api/data/templates?sort=%5B%22name%22%2C%22ASC%22%5D', { token });
    const first = await list();
    expect(first.status).to.equal(200);
    expect(first.body).to.deep.equal([]);
    const created = await app.request('/api/data/templates', { method: 'POST', token, body: { name: 'Intro', subject: 'Hello', body: 'Hi,' } });
    expect(created.status).to.equal(201);
    const second = await list();
    expect(second.body.map((template: { name: string }) => template.name)).to.deep.equal(['Intro']);
    expect(second.headers.get('content-range')).to.equal('templates 0-0/1');
    const third = await list();
    expect(third.text).to.equal(second.text);
    expect(third.headers.get('content-range')).to.equal('templates 0-0/1');
    expect(third.headers.get('content-type')).to.match(/application\/json/);
  });

  it('keeps answers apart per user', async () => {
    const other = await app.signUp('Other');
    const mine = await app.request('/api/data/templates', { token });
    const theirs = await app.request('/api/data/templates', { token: other.token });
    expect(mine.body).to.have.length(1);
    expect(theirs.body).to.deep.equal([]);
  });
});
