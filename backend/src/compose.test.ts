import { setTimeout as delay } from 'node:timers/promises';
import { expect } from 'chai';
import { EventStoreDbDouble } from '../../test/doubles/eventstoredb-double.ts';
import { describeWithDatabase } from '../../test/support/database.ts';
import type { Projection } from '../../projections/projection.ts';
import { createEventStore, withAsyncProjections } from './compose.ts';
import { EventStoreDbEventStore } from './eventstore/eventstoredb.ts';
import type { EventStore, Position, SubscriptionHandler } from './eventstore/types.ts';

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

  it('uses EventStoreDB when EVENTSTORE_URL points at one', async () => {
    const double = await new EventStoreDbDouble().start();
    const store = await createEventStore(context.db.knex, double.url);
    try {
      expect(store.kind).to.equal('eventstoredb');
      await store.healthCheck();
    } finally {
      await store.close();
      await double.stop();
    }
  });

  it('refuses to start with a clear message when EVENTSTORE_URL points at no server', async function () {
    this.timeout(30_000);
    let failure: unknown;
    await createEventStore(context.db.knex, 'esdb://127.0.0.1:1?tls=false').catch((error: unknown) => (failure = error));
    expect((failure as Error | undefined)?.message).to.match(/^Could not reach EventStoreDB at esdb:\/\/127\.0\.0\.1:1/);
  });

  it('answers an append on EventStoreDB only once the read models that handle it show it', async () => {
    const { knex } = context.db;
    await knex.schema.createTable('slow_read_model', (table) => table.text('stream_id').primary());
    const readModel: Projection = {
      name: 'slow-read-model',
      tables: ['slow_read_model'],
      handles: ['Noted'],
      async apply(event, trx) {
        await trx('slow_read_model').insert({ stream_id: event.streamId }).onConflict('stream_id').ignore();
      },
    };
    const double = await new EventStoreDbDouble().start();
    const eventStoreDb = await EventStoreDbEventStore.connect(double.url);
    // Deliveries late enough that an append answering before its projection would find the table empty.
    const slowToDeliver = Object.assign(Object.create(eventStoreDb) as EventStore, {
      subscribe: (handler: SubscriptionHandler, options: { from: Position }) =>
        eventStoreDb.subscribe(async (event) => {
          await delay(200);
          await handler(event);
        }, options),
    });
    const store = withAsyncProjections(slowToDeliver, knex, [readModel]);
    try {
      await store.append('noted-1', [{ type: 'Noted', data: {} }], { expectedVersion: 'no_stream' });
      expect(await knex('slow_read_model').pluck('stream_id')).to.deep.equal(['noted-1']);
      // An event no read model handles answers without waiting for anything.
      await store.append('ignored-1', [{ type: 'Ignored', data: {} }], { expectedVersion: 'no_stream' });
    } finally {
      await store.close();
      await double.stop();
      await knex.schema.dropTable('slow_read_model');
    }
  });
});
