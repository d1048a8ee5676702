import { expect } from 'chai';
import { eventStoreContract } from './event-store.contract.ts';
import { EventStoreDbEventStore } from './eventstoredb.ts';

const url = process.env.EVENTSTORE_URL;

// Needs a running server, e.g. `docker compose up -d eventstoredb` and
// EVENTSTORE_URL=esdb://127.0.0.1:2113?tls=false. The suite keeps its streams apart by unique ids.
(url ? describe : describe.skip)('EventStoreDbEventStore contract (set EVENTSTORE_URL to an EventStoreDB to run it)', () => {
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
