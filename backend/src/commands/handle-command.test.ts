import { expect } from 'chai';
import { PostgresEventStore } from '../eventstore/postgres.ts';
import { WrongExpectedVersionError, type EventStore } from '../eventstore/types.ts';
import { taskDecider } from '../outreach/tasks/decider.ts';
import { describeWithDatabase } from '../../../test/support/database.ts';
import { handleCommand } from './handle-command.ts';
import { Conflict, StaleVersion } from './errors.ts';

const userId = '11111111-1111-4111-8111-111111111111';
const taskId = '33333333-3333-4333-8333-333333333333';
const create = { type: 'CreateTask' as const, taskId, userId, text: 'Call', dueDate: '2026-12-01', bankId: 628, at: '2026-11-22T00:00:00.000Z' };

/** The real store, but the first `failures` appends lose a race to a concurrent writer. */
function racingStore(store: EventStore, failures: number): EventStore & { appends: number } {
  let remaining = failures;
  const wrapped = Object.create(store) as EventStore & { appends: number };
  wrapped.appends = 0;
  wrapped.append = async (streamId, events, options) => {
    wrapped.appends += 1;
    if (remaining > 0) {
      remaining -= 1;
      throw new WrongExpectedVersionError(streamId, options.expectedVersion, 0);
    }
    return store.append(streamId, events, options);
  };
  return wrapped;
}

describeWithDatabase('command handling', (context) => {
  it('reloads and decides again when a concurrent writer wins the race, then succeeds', async () => {
    const store = racingStore(new PostgresEventStore(context.db.knex), 2);
    const result = await handleCommand(store, taskDecider, `task-${taskId}`, create);
    expect(result).to.include({ version: 1, appended: 1 });
    expect(store.appends).to.equal(3);
  });

  it('gives up with a conflict and a clear message after a few lost races', async () => {
    const store = racingStore(new PostgresEventStore(context.db.knex), 100);
    const error = await handleCommand(store, taskDecider, 'task-other', { ...create, taskId: '44444444-4444-4444-8444-444444444444' }).catch((e) => e);
    expect(error).to.be.instanceOf(Conflict);
    expect(error.message).to.match(/being changed by someone else/);
    expect(store.appends).to.equal(4);
  });

  it('refuses a stale version at once, without retrying, when the client saw an older version', async () => {
    const store = racingStore(new PostgresEventStore(context.db.knex), 0);
    const error = await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'CompleteTask', userId, at: create.at }, { ifMatch: 5 }).catch((e) => e);
    expect(error).to.be.instanceOf(StaleVersion);
    expect(store.appends).to.equal(0);
  });

  it('appends nothing when the decider decides nothing', async () => {
    const store = racingStore(new PostgresEventStore(context.db.knex), 0);
    const result = await handleCommand(store, taskDecider, `task-${taskId}`, { type: 'ReopenTask', userId });
    expect(result.appended).to.equal(0);
    expect(store.appends).to.equal(0);
  });

  it('decides on the state it remembers without reading the stream, and reads it when another writer moved it on', async () => {
    const streamId = 'task-55555555-5555-4555-8555-555555555555';
    const reads = (store: EventStore) => {
      const counted = Object.create(store) as EventStore & { reads: number };
      counted.reads = 0;
      counted.readStream = async (id) => {
        counted.reads += 1;
        return store.readStream(id);
      };
      return counted;
    };
    const ours = reads(new PostgresEventStore(context.db.knex));
    const theirs = new PostgresEventStore(context.db.knex); // another process: a memory of its own
    await handleCommand(ours, taskDecider, streamId, { ...create, taskId: '55555555-5555-4555-8555-555555555555' });
    await handleCommand(ours, taskDecider, streamId, { type: 'CompleteTask', userId, at: create.at });
    expect(ours.reads, 'a new stream and one it wrote itself are not read').to.equal(0);
    await handleCommand(theirs, taskDecider, streamId, { type: 'ReopenTask', userId });
    const result = await handleCommand(ours, taskDecider, streamId, { type: 'CompleteTask', userId, at: create.at });
    expect(result).to.include({ version: 4, appended: 1 });
    expect(ours.reads, 'the remembered state said completed already: the stream is read').to.equal(1);
    expect((await ours.readStream(streamId)).map((event) => event.type)).to.deep.equal(['TaskCreated', 'TaskCompleted', 'TaskReopened', 'TaskCompleted']);
  });
});
