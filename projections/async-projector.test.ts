import { expect } from 'chai';
import knexFactory, { type Knex } from 'knex';
import { eventually } from '../test/support/eventually.ts';
import { EventStoreDbEventStore } from '../backend/src/eventstore/eventstoredb.ts';
import { PostgresEventStore } from '../backend/src/eventstore/postgres.ts';
import type { EventStore, NewEvent, Position, SubscriptionHandler } from '../backend/src/eventstore/types.ts';
import { EventStoreDbDouble } from '../test/doubles/eventstoredb-double.ts';
import { logger } from '../backend/src/logging/logger.ts';
import { describeWithDatabase } from '../test/support/database.ts';
import { AsyncProjector } from './async-projector.ts';
import type { Projection } from './projection.ts';
import { loadCheckpoint } from './runner.ts';

const table = 'projector_test_balances';

/**
 * A small read model for these tests: account balances from Deposited events. An amount that is not
 * a number is the poison. Idempotent like every projection: a row keeps the version it reflects.
 */
function balancesProjection(applied: string[] = []): Projection {
  return {
    name: 'test-balances',
    tables: [table],
    handles: ['Deposited'],
    async apply(event, trx) {
      applied.push(`${event.streamId}@${event.streamVersion}`);
      const amount = event.data.amount;
      if (typeof amount !== 'number') throw new Error(`Amount must be a number, got ${JSON.stringify(amount)}.`);
      await trx.raw(
        `insert into ${table} (account, balance, version) values (?, ?, ?)
         on conflict (account) do update set balance = ${table}.balance + excluded.balance, version = excluded.version
         where ${table}.version < excluded.version`,
        [event.streamId, amount, event.streamVersion],
      );
    },
  };
}

/** Delivers every event twice, as an at-least-once store may after a reconnect. */
function deliveringTwice(store: EventStore): EventStore {
  return Object.assign(Object.create(store) as EventStore, {
    subscribe: (handler: SubscriptionHandler, options: { from: Position }) =>
      store.subscribe(async (event) => {
        await handler(event);
        await handler(event);
      }, options),
  });
}

/** The first subscription breaks after one event, like a dropped connection. */
function failingOnce(store: EventStore): EventStore {
  let subscriptions = 0;
  return Object.assign(Object.create(store) as EventStore, {
    subscribe: (handler: SubscriptionHandler, options: { from: Position }) => {
      const first = ++subscriptions === 1;
      let delivered = 0;
      return store.subscribe(async (event) => {
        if (first && delivered++ === 1) throw Object.assign(new Error('connection reset by peer'), { code: 'ECONNRESET' });
        await handler(event);
      }, options);
    },
  });
}

/** The first `times` subscriptions end at once with the same failure, like a store that is down, then it is back. */
function downFor(store: EventStore, times: number): EventStore {
  let subscriptions = 0;
  return Object.assign(Object.create(store) as EventStore, {
    subscribe: (handler: SubscriptionHandler, options: { from: Position }) => {
      if (++subscriptions > times) return store.subscribe(handler, options);
      const down = Promise.reject(Object.assign(new Error('14 UNAVAILABLE: No connection established'), { code: 14 }));
      down.catch(() => undefined);
      return { caughtUp: down, done: down, close: async () => undefined };
    },
  });
}

/** The events in the database's own store, or in EventStoreDB (its protocol double, fresh per test). */
const storeKinds = ['postgres', 'eventstoredb'] as const;

for (const storeKind of storeKinds) describeWithDatabase(`AsyncProjector over the ${storeKind} event store`, (context) => {
  let knex: Knex;
  let store: EventStore;
  let double: EventStoreDbDouble | undefined;
  const running: AsyncProjector[] = [];

  before(async () => {
    knex = context.db.knex;
    await knex.schema.createTable(table, (t) => {
      t.text('account').primary();
      t.integer('balance').notNullable();
      t.integer('version').notNullable();
    });
  });

  beforeEach(async () => {
    await knex.raw(`truncate ${table}, events, projection_checkpoints, projection_dead_letters restart identity`);
    if (storeKind === 'postgres') store = new PostgresEventStore(knex, undefined, 10);
    else {
      double = await new EventStoreDbDouble().start();
      store = await EventStoreDbEventStore.connect(double.url);
    }
  });

  afterEach(async () => {
    await Promise.all(running.splice(0).map((projector) => projector.stop()));
    await store.close();
    await double?.stop();
  });

  const startProjector = (options: { projection?: Projection; store?: EventStore; knex?: Knex; lockRetryMs?: number } = {}) => {
    const projector = new AsyncProjector({
      knex: options.knex ?? knex,
      store: options.store ?? store,
      projection: options.projection ?? balancesProjection(),
      lockRetryMs: options.lockRetryMs ?? 20,
      restartDelayMs: 10,
      checkpointEvery: 2,
    });
    running.push(projector);
    projector.start();
    return projector;
  };
  const stopProjector = async (projector: AsyncProjector) => {
    running.splice(running.indexOf(projector), 1);
    await projector.stop();
  };

  const deposit = (amount: unknown): NewEvent => ({ type: 'Deposited', data: { amount } });
  const append = async (streamId: string, ...events: NewEvent[]): Promise<Position> => {
    const { events: recorded } = await store.append(streamId, events, { expectedVersion: 'any' });
    return recorded[recorded.length - 1].position;
  };
  const balances = async () => knex(table).select('account', 'balance', 'version').orderBy('account');
  const deadLetters = async () =>
    knex('projection_dead_letters').select('projection', 'stream_id', 'stream_version', 'error').orderBy(['stream_id', 'stream_version']);

  it('projects the events it handles and commits the checkpoint with the rows', async () => {
    await append('account-a', deposit(10), { type: 'Noted', data: { text: 'not for this projection' } }, deposit(5));
    const last = await append('account-b', deposit(7));
    const projector = startProjector();
    await projector.waitUntilProjected(last);
    expect(await balances()).to.deep.equal([
      { account: 'account-a', balance: 15, version: 3 },
      { account: 'account-b', balance: 7, version: 1 },
    ]);
    expect(await loadCheckpoint(knex, 'test-balances')).to.deep.equal(last);
  });

  it('projects an event delivered twice only once', async () => {
    const applied: string[] = [];
    await append('account-a', deposit(10), deposit(5));
    const last = await append('account-b', deposit(7));
    const projector = startProjector({ store: deliveringTwice(store), projection: balancesProjection(applied) });
    await projector.waitUntilProjected(last);
    expect(applied).to.deep.equal(['account-a@1', 'account-a@2', 'account-b@1']);
    expect(await balances()).to.deep.equal([
      { account: 'account-a', balance: 15, version: 2 },
      { account: 'account-b', balance: 7, version: 1 },
    ]);
  });

  it('leaves the rows unchanged when events already projected are applied again', async () => {
    const applied: string[] = [];
    await append('account-a', deposit(10), deposit(5));
    const last = await append('account-b', deposit(7));
    const first = startProjector({ projection: balancesProjection(applied) });
    await first.waitUntilProjected(last);
    await stopProjector(first);
    const projected = await balances();

    await knex('projection_checkpoints').where({ name: 'test-balances' }).delete();
    const replay = startProjector({ projection: balancesProjection(applied) });
    await replay.waitUntilProjected(last);
    expect(applied, 'every event was applied a second time').to.have.length(6);
    expect(await balances()).to.deep.equal(projected);
  });

  it('resumes after its checkpoint when restarted', async () => {
    const firstRun: string[] = [];
    const secondRun: string[] = [];
    const before = await append('account-a', deposit(1), deposit(2), deposit(3));
    const first = startProjector({ projection: balancesProjection(firstRun) });
    await first.waitUntilProjected(before);
    await stopProjector(first);

    const after = await append('account-a', deposit(4), deposit(5));
    const second = startProjector({ projection: balancesProjection(secondRun) });
    await second.waitUntilProjected(after);
    expect(firstRun).to.deep.equal(['account-a@1', 'account-a@2', 'account-a@3']);
    expect(secondRun).to.deep.equal(['account-a@4', 'account-a@5']);
    expect(await balances()).to.deep.equal([{ account: 'account-a', balance: 15, version: 5 }]);
  });

  it('parks a poison event with the rest of its stream and goes on with the other streams', async () => {
    await append('account-a', deposit(10), deposit('lots'), deposit(5));
    const last = await append('account-b', deposit(7));
    const first = startProjector();
    await first.waitUntilProjected(last);
    expect(await balances()).to.deep.equal([
      { account: 'account-a', balance: 10, version: 1 },
      { account: 'account-b', balance: 7, version: 1 },
    ]);
    expect(await loadCheckpoint(knex, 'test-balances')).to.deep.equal(last);
    await stopProjector(first);

    // After a restart, later events of the parked stream are still parked; the others still flow.
    await append('account-a', deposit(1));
    const later = await append('account-b', deposit(3));
    const second = startProjector();
    await second.waitUntilProjected(later);
    expect(await deadLetters()).to.deep.equal([
      { projection: 'test-balances', stream_id: 'account-a', stream_version: 2, error: 'Amount must be a number, got "lots".' },
      { projection: 'test-balances', stream_id: 'account-a', stream_version: 3, error: 'Parked behind an earlier event of stream account-a that failed to project.' },
      { projection: 'test-balances', stream_id: 'account-a', stream_version: 4, error: 'Parked behind an earlier event of stream account-a that failed to project.' },
    ]);
    expect((await balances()).find((row) => row.account === 'account-b')).to.deep.equal({ account: 'account-b', balance: 10, version: 2 });
  });

  it('resubscribes from its checkpoint when the subscription breaks, projecting each event once', async () => {
    const applied: string[] = [];
    const last = await append('account-a', deposit(1), deposit(2), deposit(3));
    const projector = startProjector({ store: failingOnce(store), projection: balancesProjection(applied) });
    await projector.waitUntilProjected(last);
    expect(applied).to.deep.equal(['account-a@1', 'account-a@2', 'account-a@3']);
    expect(await deadLetters()).to.deep.equal([]);
  });

  it('logs a store that stays down once, not at every resubscription, and says when it has resumed', async () => {
    const logged: string[] = [];
    const { error, info } = logger;
    logger.error = (message, fields) => void logged.push(`error: ${message}: ${String(fields?.error)}`);
    logger.info = (message, fields) => void logged.push(`info: ${message} after ${String(fields?.after)}`);
    try {
      const last = await append('account-a', deposit(1));
      const projector = startProjector({ store: downFor(store, 5) });
      await projector.waitUntilProjected(last);
      // "Resumed" is said once the subscription has caught up, which may come after the event is projected.
      await eventually(() => logged.some((line) => line.startsWith('info:')), 'the projector to say it has resumed');
    } finally {
      Object.assign(logger, { error, info });
    }
    expect(logged).to.deep.equal([
      'error: Async projection failed; resuming from its checkpoint: 14 UNAVAILABLE: No connection established',
      'info: Async projection resumed after 14 UNAVAILABLE: No connection established',
    ]);
  });

  it('runs one instance per projection; a waiting instance takes over when the running one stops', async () => {
    // On PostgreSQL the second instance has its own connection pool, as another process would.
    const other =
      context.engine === 'postgres'
        ? knexFactory({ client: 'pg', connection: (knex.client as { config: { connection: Knex.StaticConnectionConfig } }).config.connection, pool: { min: 0, max: 2 } })
        : undefined;
    try {
      const firstApplied: string[] = [];
      const secondApplied: string[] = [];
      const first = startProjector({ projection: balancesProjection(firstApplied) });
      await eventually(() => first.state === 'running', 'the first instance to take the lock');
      const second = startProjector({ projection: balancesProjection(secondApplied), knex: other });

      const early = await append('account-a', deposit(1), deposit(2));
      await first.waitUntilProjected(early);
      expect(second.state).to.equal('waiting for the lock');

      await stopProjector(first);
      await eventually(() => second.state === 'running', 'the second instance to take over');
      const late = await append('account-a', deposit(3));
      await second.waitUntilProjected(late);
      await stopProjector(second);
      expect(firstApplied).to.deep.equal(['account-a@1', 'account-a@2']);
      expect(secondApplied).to.deep.equal(['account-a@3']);
      expect(await balances()).to.deep.equal([{ account: 'account-a', balance: 6, version: 3 }]);
    } finally {
      // The second pool can only close once no projector holds a connection from it.
      await Promise.all(running.splice(0).map((projector) => projector.stop()));
      await other?.destroy();
    }
  });
});
