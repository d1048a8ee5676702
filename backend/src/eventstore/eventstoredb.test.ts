import { expect } from 'chai';
import { EventStoreDbDouble } from '../../../test/doubles/eventstoredb-double.ts';
import { eventStoreContract, readToEnd } from './event-store.contract.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

describe('EventStoreDbEventStore on the EventStoreDB protocol double', () => {
  const double = new EventStoreDbDouble();
  before(async () => {
    await double.start();
  });
  after(async () => {
    await double.stop();
  });

  describe('contract', () => {
    eventStoreContract(() => EventStoreDbEventStore.connect(double.url));
  });

  describe('system records', () => {
    let store: EventStoreDbEventStore;
    before(async () => {
      store = await EventStoreDbEventStore.connect(double.url);
    });
    after(async () => {
      await store.close();
    });

    it('never shows the system records the server writes between application events', async () => {
      await store.append('hidden-a', [{ type: 'Opened', data: {} }], { expectedVersion: 'no_stream' });
      for (let index = 0; index < 150; index++) double.writeSystemRecord('$stats-127.0.0.1:2113', '$statsCollected');
      await store.append('hidden-b', [{ type: 'Opened', data: {} }], { expectedVersion: 'no_stream' });
      const { events } = await readToEnd(store, 'start', 1);
      expect(events.every((event) => !event.type.startsWith('$') && !event.streamId.startsWith('$'))).to.equal(true);
      expect(events.map((event) => event.streamId)).to.include.members(['hidden-a', 'hidden-b']);
    });

    it('writes an append once when the connection drops before its answer arrives, and answers it', async () => {
      double.answersLost = 1;
      const result = await store.append('lost-answer', [{ type: 'Opened', data: { n: 1 } }], { expectedVersion: 'no_stream' });
      expect(result.nextExpectedVersion).to.equal(1);
      expect(result.events.map((event) => event.streamVersion)).to.deep.equal([1]);
      expect((await store.readStream('lost-answer')).map((event) => event.data)).to.deep.equal([{ n: 1 }]);
      double.answersLost = 1;
      await store.append('lost-answer', [{ type: 'Renamed', data: { n: 2 } }, { type: 'Renamed', data: { n: 3 } }], { expectedVersion: 1 });
      expect((await store.readStream('lost-answer')).map((event) => event.data)).to.deep.equal([{ n: 1 }, { n: 2 }, { n: 3 }]);
    });

    it('catches a subscription up past trailing system records', async () => {
      await store.append('hidden-c', [{ type: 'Opened', data: {} }], { expectedVersion: 'no_stream' });
      for (let index = 0; index < 250; index++) double.writeSystemRecord('$stats-127.0.0.1:2113', '$statsCollected');
      const seen: string[] = [];
      const subscription = store.subscribe(async (event) => void seen.push(event.streamId), { from: 'start' });
      await subscription.caughtUp;
      await subscription.close();
      expect(seen).to.include('hidden-c');
    });
  });
});

// A real server: `docker compose up -d eventstoredb` and EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false.
const url = process.env.EVENTSTORE_URL;
(url ? describe : describe.skip)('EventStoreDbEventStore contract on a real server (set EVENTSTORE_URL to run it)', () => {
  eventStoreContract(() => EventStoreDbEventStore.connect(url!));
});

describe('EventStoreDbEventStore.connect', () => {
  it('refuses with a clear message when the server cannot be reached', async function () {
    this.timeout(30_000);
    let failure: unknown;
    // Port 1 on loopback: nothing listens there, so the connection is refused at once.
    await EventStoreDbEventStore.connect('esdb://127.0.0.1:1?tls=false&discoveryInterval=10&maxDiscoverAttempts=1').catch((error: unknown) => (failure = error));
    expect(failure).to.be.instanceOf(Error);
    expect((failure as Error).message).to.match(/^Could not reach EventStoreDB at esdb:\/\/127\.0\.0\.1:1/);
  });
});
