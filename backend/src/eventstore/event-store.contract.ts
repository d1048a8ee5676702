import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { runWithContext } from '../context/request-context.ts';
import { eventually } from '../../../test/support/eventually.ts';
import { comparePositions, WrongExpectedVersionError, type EventStore, type ExpectedVersion, type Position, type RecordedEvent } from './types.ts';

/**
 * The behaviour every EventStore implementation promises, registered as mocha tests inside the
 * caller's `describe`. `createStore` may be called more than once; every store it makes is closed
 * after the suite. Stream ids are unique per test, so the suite also runs on a shared server.
 */
export function eventStoreContract(createStore: () => Promise<EventStore>): void {
  const opened: EventStore[] = [];
  let store: EventStore;
  const openStore = async () => {
    const created = await createStore();
    opened.push(created);
    return created;
  };

  before(async () => {
    store = await openStore();
  });
  after(async () => {
    await Promise.all(opened.map((each) => each.close()));
  });

  const newStream = (name = 'stream') => `contract-${name}-${randomUUID()}`;
  const event = (type: string, data: Record<string, unknown> = {}) => ({ type, data });
  const appendMany = async (streamId: string, count: number) => {
    const events = Array.from({ length: count }, (_, index) => event('Counted', { n: index + 1 }));
    return store.append(streamId, events, { expectedVersion: 'any' });
  };

  describe('append', () => {
    it('numbers a new stream from version 1 and answers the next expected version', async () => {
      const streamId = newStream();
      const result = await store.append(streamId, [event('Opened', { by: 'ann' }), event('Named', { name: 'First' })], {
        expectedVersion: 'no_stream',
      });
      expect(result.nextExpectedVersion).to.equal(2);
      expect(result.events.map((each) => [each.streamId, each.streamVersion, each.type])).to.deep.equal([
        [streamId, 1, 'Opened'],
        [streamId, 2, 'Named'],
      ]);
      expect(result.events[1].data).to.deep.equal({ name: 'First' });
      expect(result.events[0].recordedAt).to.be.instanceOf(Date);
    });

    it('appends at the exact current version', async () => {
      const streamId = newStream();
      await appendMany(streamId, 2);
      const result = await store.append(streamId, [event('Counted', { n: 3 })], { expectedVersion: 2 });
      expect(result.nextExpectedVersion).to.equal(3);
      expect(result.events[0].streamVersion).to.equal(3);
    });

    it('treats expected version 0 like no_stream', async () => {
      const streamId = newStream();
      const result = await store.append(streamId, [event('Opened')], { expectedVersion: 0 });
      expect(result.nextExpectedVersion).to.equal(1);
      await expectConflict(store.append(streamId, [event('Opened')], { expectedVersion: 0 }), streamId, 0, 1);
    });

    it('appends with any whatever the current version', async () => {
      const streamId = newStream();
      expect((await store.append(streamId, [event('Opened')], { expectedVersion: 'any' })).nextExpectedVersion).to.equal(1);
      expect((await store.append(streamId, [event('Named')], { expectedVersion: 'any' })).nextExpectedVersion).to.equal(2);
    });

    it('rejects a stale or future expected version with WrongExpectedVersionError carrying the actual version', async () => {
      const streamId = newStream();
      await appendMany(streamId, 2);
      await expectConflict(store.append(streamId, [event('Late')], { expectedVersion: 1 }), streamId, 1, 2);
      await expectConflict(store.append(streamId, [event('Early')], { expectedVersion: 5 }), streamId, 5, 2);
      expect(await store.readStream(streamId)).to.have.length(2);
    });

    it('rejects no_stream for a stream that exists, and a version for one that does not', async () => {
      const existing = newStream();
      await appendMany(existing, 1);
      await expectConflict(store.append(existing, [event('Again')], { expectedVersion: 'no_stream' }), existing, 'no_stream', 1);
      const missing = newStream();
      await expectConflict(store.append(missing, [event('Orphan')], { expectedVersion: 3 }), missing, 3, 0);
      expect(await store.readStream(missing)).to.deep.equal([]);
    });

    it('lets exactly one of several concurrent appends at the same expected version win', async () => {
      const streamId = newStream();
      await appendMany(streamId, 1);
      const writers = 8;
      const outcomes = await Promise.allSettled(
        Array.from({ length: writers }, (_, writer) => store.append(streamId, [event('Claimed', { writer })], { expectedVersion: 1 })),
      );
      const winners = outcomes.filter((outcome) => outcome.status === 'fulfilled');
      const losers = outcomes.filter((outcome): outcome is PromiseRejectedResult => outcome.status === 'rejected');
      expect(winners).to.have.length(1);
      expect(losers).to.have.length(writers - 1);
      for (const loser of losers) expect(loser.reason).to.be.instanceOf(WrongExpectedVersionError);
      const stored = await store.readStream(streamId);
      expect(stored.map((each) => each.streamVersion)).to.deep.equal([1, 2]);
    });

    it('appends every one of several concurrent any appends, each at its own version', async () => {
      const streamId = newStream();
      const writers = 8;
      await Promise.all(Array.from({ length: writers }, (_, writer) => store.append(streamId, [event('Claimed', { writer })], { expectedVersion: 'any' })));
      const stored = await store.readStream(streamId);
      expect(stored.map((each) => each.streamVersion)).to.deep.equal(Array.from({ length: writers }, (_, index) => index + 1));
      expect(new Set(stored.map((each) => each.data.writer)).size).to.equal(writers);
    });

    it('refuses an append with no events', async () => {
      let failure: unknown;
      await store.append(newStream(), [], { expectedVersion: 'any' }).catch((error: unknown) => (failure = error));
      expect(failure).to.be.instanceOf(Error);
    });
  });

  describe('readStream', () => {
    it("returns a stream's events in version order with their data", async () => {
      const streamId = newStream();
      await store.append(streamId, [event('Opened', { tags: ['a', 'b'], nested: { ok: true, count: 2 } })], { expectedVersion: 'no_stream' });
      await store.append(streamId, [event('Renamed', { name: 'Second' }), event('Closed')], { expectedVersion: 1 });
      const stored = await store.readStream(streamId);
      expect(stored.map((each) => [each.streamVersion, each.type])).to.deep.equal([
        [1, 'Opened'],
        [2, 'Renamed'],
        [3, 'Closed'],
      ]);
      expect(stored[0].data).to.deep.equal({ tags: ['a', 'b'], nested: { ok: true, count: 2 } });
    });

    it('returns an empty list for a stream that does not exist', async () => {
      expect(await store.readStream(newStream('never-written'))).to.deep.equal([]);
    });

    it('keeps streams apart', async () => {
      const [first, second] = [newStream('first'), newStream('second')];
      await appendMany(first, 2);
      await appendMany(second, 3);
      expect((await store.readStream(first)).every((each) => each.streamId === first)).to.equal(true);
      expect(await store.readStream(second)).to.have.length(3);
    });
  });

  describe('readAll', () => {
    it('reads every event from the start in batches no larger than the limit, in append order', async () => {
      const streams = [newStream('a'), newStream('b')];
      const appended: RecordedEvent[] = [];
      for (let round = 0; round < 3; round++) {
        for (const streamId of streams) appended.push(...(await appendMany(streamId, 2)).events);
      }
      const { events, largestBatch } = await readToEnd(store, 'start', 3);
      expect(largestBatch).to.be.at.most(3);
      const ours = events.filter((each) => streams.includes(each.streamId));
      expect(ours.map(identity)).to.deep.equal(appended.map(identity));
    });

    it('reads only the events after a given position', async () => {
      const streamId = newStream();
      await appendMany(streamId, 2);
      const { next: tail } = await readToEnd(store, 'start', 100);
      const later = await store.append(streamId, [event('Later', { n: 1 }), event('Later', { n: 2 }), event('Later', { n: 3 })], {
        expectedVersion: 2,
      });
      const { events } = await readToEnd(store, tail, 2);
      expect(events.filter((each) => each.streamId === streamId).map(identity)).to.deep.equal(later.events.map(identity));
    });

    it('answers no events, and a position that does not go back, when nothing is new', async () => {
      await appendMany(newStream(), 1);
      const { next: tail } = await readToEnd(store, 'start', 100);
      const again = await store.readAll({ after: tail, limit: 10 });
      expect(again.events).to.deep.equal([]);
      // A store may move past records it hides (EventStoreDB's system records), never back.
      expect(comparePositions(again.next, tail)).to.be.at.least(0);
    });

    it('gives positions that increase in read order', async () => {
      const streamId = newStream();
      await appendMany(streamId, 4);
      const { events } = await readToEnd(store, 'start', 2);
      for (let index = 1; index < events.length; index++) {
        expect(comparePositions(events[index - 1].position, events[index].position)).to.equal(-1);
      }
    });
  });

  describe('metadata', () => {
    it('stamps every event with the request context in force', async () => {
      const streamId = newStream();
      const context = {
        requestId: 'request-1',
        correlationId: 'correlation-1',
        causationId: 'cause-1',
        userId: 'user-1',
        source: 'ui' as const,
      };
      await runWithContext(context, () =>
        store.append(streamId, [{ type: 'Opened', data: {}, schemaVersion: 2 }, event('Named')], { expectedVersion: 'no_stream' }),
      );
      const stored = await store.readStream(streamId);
      expect(stored[0].metadata).to.deep.equal({ ...context, schemaVersion: 2 });
      expect(stored[1].metadata).to.deep.equal({ ...context, schemaVersion: 1 });
      const { events } = await readToEnd(store, 'start', 100);
      expect(events.find((each) => each.streamId === streamId)?.metadata).to.deep.equal({ ...context, schemaVersion: 2 });
    });

    it('stamps work outside a request as system, caused by its own request id', async () => {
      const streamId = newStream();
      await store.append(streamId, [event('Opened')], { expectedVersion: 'no_stream' });
      const [stored] = await store.readStream(streamId);
      expect(stored.metadata.source).to.equal('system');
      expect(stored.metadata.userId).to.equal(undefined);
      expect(stored.metadata.requestId).to.be.a('string').and.not.equal('');
      expect(stored.metadata.correlationId).to.equal(stored.metadata.requestId);
      expect(stored.metadata.causationId).to.equal(stored.metadata.requestId);
      expect(stored.metadata.schemaVersion).to.equal(1);
    });
  });

  describe('subscribe', () => {
    it('catches up with existing events, then delivers new ones live, in order', async () => {
      const streamId = newStream();
      const before = (await appendMany(streamId, 3)).events;
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(async (each) => void (each.streamId === streamId && seen.push(each)), { from: 'start' });
      try {
        await subscription.caughtUp;
        expect(seen.map(identity)).to.deep.equal(before.map(identity));
        const live = (await store.append(streamId, [event('Live', { n: 1 }), event('Live', { n: 2 })], { expectedVersion: 3 })).events;
        await eventually(() => seen.length >= 5, 'the live events to arrive');
        expect(seen.map(identity)).to.deep.equal([...before, ...live].map(identity));
      } finally {
        await subscription.close();
      }
    });

    it('starts after the given position', async () => {
      const streamId = newStream();
      await appendMany(streamId, 2);
      const { next: tail } = await readToEnd(store, 'start', 100);
      const later = (await store.append(streamId, [event('Later')], { expectedVersion: 2 })).events;
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(async (each) => void (each.streamId === streamId && seen.push(each)), { from: tail });
      try {
        await subscription.caughtUp;
        expect(seen.map(identity)).to.deep.equal(later.map(identity));
      } finally {
        await subscription.close();
      }
    });

    it('runs the handler for one event at a time', async () => {
      const streamId = newStream();
      await appendMany(streamId, 5);
      let running = 0;
      let mostAtOnce = 0;
      let handled = 0;
      const subscription = store.subscribe(
        async (each) => {
          if (each.streamId !== streamId) return;
          running++;
          mostAtOnce = Math.max(mostAtOnce, running);
          await new Promise((resolve) => setImmediate(resolve));
          running--;
          handled++;
        },
        { from: 'start' },
      );
      await subscription.caughtUp;
      await subscription.close();
      expect(handled).to.equal(5);
      expect(mostAtOnce).to.equal(1);
    });

    it('stops with the error when a handler fails', async () => {
      const streamId = newStream();
      await appendMany(streamId, 2);
      const subscription = store.subscribe(
        async (each) => {
          if (each.streamId === streamId) throw new Error('handler broke');
        },
        { from: 'start' },
      );
      let failure: unknown;
      await subscription.done.catch((error: unknown) => (failure = error));
      expect((failure as Error).message).to.equal('handler broke');
      await subscription.close();
    });

    it('delivers nothing more after close, and done resolves', async () => {
      const streamId = newStream();
      await appendMany(streamId, 1);
      const seen: RecordedEvent[] = [];
      const subscription = store.subscribe(async (each) => void (each.streamId === streamId && seen.push(each)), { from: 'start' });
      await subscription.caughtUp;
      await subscription.close();
      await subscription.done;
      await appendMany(streamId, 1);
      // A fresh subscription sees the new event, so the closed one had every chance to.
      const witness = store.subscribe(async () => undefined, { from: 'start' });
      await witness.caughtUp;
      await witness.close();
      expect(seen).to.have.length(1);
    });

    it('closing the store ends its open subscriptions', async () => {
      const own = await openStore();
      const subscription = own.subscribe(async () => undefined, { from: 'start' });
      await subscription.caughtUp;
      await own.close();
      await subscription.done;
    });
  });

  describe('healthCheck', () => {
    it('resolves while the store is reachable', async () => {
      await store.healthCheck();
    });
  });
}

async function expectConflict(append: Promise<unknown>, streamId: string, expected: ExpectedVersion, actual: number): Promise<void> {
  let failure: unknown;
  await append.catch((error: unknown) => (failure = error));
  expect(failure, 'the append should have been refused').to.be.instanceOf(WrongExpectedVersionError);
  const conflict = failure as WrongExpectedVersionError;
  expect([conflict.streamId, conflict.expected, conflict.actual]).to.deep.equal([streamId, expected, actual]);
}

/** Follows `next` until a batch comes back empty. */
export async function readToEnd(store: EventStore, after: Position, limit: number) {
  const events: RecordedEvent[] = [];
  let largestBatch = 0;
  let position = after;
  for (;;) {
    const batch = await store.readAll({ after: position, limit });
    if (batch.events.length === 0) return { events, next: position, largestBatch };
    largestBatch = Math.max(largestBatch, batch.events.length);
    events.push(...batch.events);
    position = batch.next;
  }
}

const identity = (event: RecordedEvent) => `${event.streamId}@${event.streamVersion}`;
