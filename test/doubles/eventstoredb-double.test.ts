import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import {
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  WrongExpectedVersionError,
  eventTypeFilter,
  jsonEvent,
  type AllStreamResolvedEvent,
  type Position,
  type ResolvedEvent,
} from '@eventstore/db-client';
import { EventStoreDbDouble } from './eventstoredb-double.ts';

/** The double through the real client, checked against the server behaviour the adapter relies on. */
describe('EventStoreDB protocol double', () => {
  const double = new EventStoreDbDouble();
  let client: EventStoreDBClient;
  before(async () => {
    await double.start();
    client = EventStoreDBClient.connectionString(double.url);
  });
  after(async () => {
    await client.dispose();
    await double.stop();
  });

  const stream = () => `double-${randomUUID()}`;
  const events = (...types: string[]) => types.map((type) => jsonEvent({ type, data: { type } }));
  const collect = async (reading: AsyncIterable<ResolvedEvent | AllStreamResolvedEvent>) => {
    const read = [];
    for await (const resolved of reading) if (resolved.event) read.push(resolved.event);
    return read;
  };
  const failureOf = async (promise: Promise<unknown>) => promise.then(() => undefined, (error: unknown) => error);

  it('numbers revisions from 0 and answers the last one with its log position', async () => {
    const id = stream();
    const first = await client.appendToStream(id, events('A', 'B'), { expectedRevision: NO_STREAM });
    const second = await client.appendToStream(id, events('C'), { expectedRevision: 1n });
    expect([first.nextExpectedRevision, second.nextExpectedRevision]).to.deep.equal([1n, 2n]);
    expect(second.position!.commit > first.position!.commit).to.equal(true);
  });

  it('refuses a wrong expected revision with the current revision, or no_stream', async () => {
    const id = stream();
    await client.appendToStream(id, events('A'), { expectedRevision: NO_STREAM });
    const stale = (await failureOf(client.appendToStream(id, events('B'), { expectedRevision: 5n }))) as WrongExpectedVersionError;
    expect(stale).to.be.instanceOf(WrongExpectedVersionError);
    expect([stale.expectedVersion, stale.actualVersion]).to.deep.equal([5n, 0n]);
    const missing = (await failureOf(client.appendToStream(stream(), events('B'), { expectedRevision: STREAM_EXISTS }))) as WrongExpectedVersionError;
    expect(missing.actualVersion).to.equal(NO_STREAM);
  });

  it('answers a retried append with the same event ids idempotently, writing nothing', async () => {
    const id = stream();
    const batch = events('A', 'B');
    const first = await client.appendToStream(id, batch, { expectedRevision: NO_STREAM });
    const retry = await client.appendToStream(id, batch, { expectedRevision: NO_STREAM });
    expect(retry).to.deep.equal(first);
    expect(await collect(client.readStream(id))).to.have.length(2);
  });

  it('reads a stream forwards and backwards from a revision, and says when it does not exist', async () => {
    const id = stream();
    await client.appendToStream(id, events('A', 'B', 'C', 'D'));
    const forwards = await collect(client.readStream(id, { fromRevision: 1n, maxCount: 2 }));
    const backwards = await collect(client.readStream(id, { direction: BACKWARDS, fromRevision: END, maxCount: 3 }));
    expect(forwards.map((event) => event.type)).to.deep.equal(['B', 'C']);
    expect(backwards.map((event) => event.type)).to.deep.equal(['D', 'C', 'B']);
    expect(await collect(client.readStream(id, { fromRevision: 10n }))).to.deep.equal([]);
    expect(await failureOf(collect(client.readStream(stream())))).to.be.instanceOf(StreamNotFoundError);
  });

  it('reads $all forwards including the record at a position, and backwards from before it', async () => {
    const id = stream();
    await client.appendToStream(id, events('A', 'B', 'C'));
    const ours = (await collect(client.readAll({ fromPosition: START }))).filter((event) => event.streamId === id);
    const at = ours[1].position as Position;
    const forwards = await collect(client.readAll({ fromPosition: at, maxCount: 2 }));
    const backwards = await collect(client.readAll({ fromPosition: at, direction: BACKWARDS, maxCount: 1 }));
    expect(forwards.map((event) => event.type)).to.deep.equal(['B', 'C']);
    expect(backwards.map((event) => event.type)).to.deep.equal(['A']);
    const newest = await collect(client.readAll({ fromPosition: END, direction: BACKWARDS, maxCount: 1 }));
    expect(newest[0].type).to.equal('C');
  });

  it('shows system records in $all, as the real server does', async () => {
    const all = await collect(client.readAll({ fromPosition: START, direction: FORWARDS, maxCount: 10 }));
    expect(all.some((event) => event.type.startsWith('$'))).to.equal(true);
  });

  it('subscribes to $all after a position: catch-up, caught up, then live, with filter checkpoints', async () => {
    const id = stream();
    await client.appendToStream(id, events('A', 'B'));
    const [a] = (await collect(client.readAll({ fromPosition: START }))).filter((event) => event.streamId === id);
    const checkpoints: Position[] = [];
    const subscription = client.subscribeToAll({
      fromPosition: a.position!,
      filter: eventTypeFilter({ prefixes: ['B', 'C'], checkpointInterval: 1, checkpointReached: async (_, position) => void checkpoints.push(position) }),
    });
    const seen: string[] = [];
    const caughtUp = new Promise((resolve) => subscription.once('caughtUp', resolve));
    const live = (async () => {
      for await (const resolved of subscription) {
        if (resolved.event?.streamId !== id) continue;
        seen.push(resolved.event.type);
        if (seen.length === 2) break;
      }
    })();
    await caughtUp;
    await client.appendToStream(id, events(...Array.from({ length: 40 }, () => 'Skipped'), 'C'));
    await live;
    await subscription.unsubscribe();
    expect(seen).to.deep.equal(['B', 'C']);
    expect(checkpoints).to.not.deep.equal([]);
  });
});
