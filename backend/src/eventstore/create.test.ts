import { expect } from 'chai';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { createEventStore } from './create.ts';

describeWithDatabase('createEventStore', (context) => {
  it('uses the Postgres store when no EVENTSTORE_URL is given', async () => {
    const store = await createEventStore(context.db.knex);
    try {
      expect(store.kind).to.equal('postgres');
      await store.healthCheck();
    } finally {
      await store.close();
    }
  });

  it('refuses to start with a clear message when EVENTSTORE_URL points at no server', async function () {
    this.timeout(30_000);
    let failure: unknown;
    await createEventStore(context.db.knex, 'esdb://127.0.0.1:1?tls=false').catch((error: unknown) => (failure = error));
    expect((failure as Error | undefined)?.message).to.match(/^Could not reach EventStoreDB at esdb:\/\/127\.0\.0\.1:1/);
  });
});
