import { toDomainEvent } from '../events/registry.ts';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '../eventstore/types.ts';
import { fold, type Decider } from './decider.ts';
import { Conflict, RecordNotFound, StaleVersion } from './errors.ts';

export type CommandResult<State> = { state: State; version: number; appended: number };

const maxAttempts = 4;

/**
 * A stale If-Match is a 412, except on a record the caller may not see: then it is the decider's own
 * "not found", so a 412 carrying the current version never tells anyone that another user's record exists.
 */
function staleVersionError<State, Command, Event>(decider: Decider<State, Command, Event>, command: Command, state: State, version: number): Error {
  try {
    decider.decide(command, state);
  } catch (error) {
    if (error instanceof RecordNotFound) return error;
  }
  return new StaleVersion(version);
}

/**
 * Load the stream, fold it, decide, append with the version we read. A concurrent writer makes the
 * append fail; we reload and decide again a few times, then answer 409. `ifMatch` is the version the
 * client saw (HTTP If-Match): a mismatch is a 412 at once, because retrying would overwrite what the
 * user has not seen.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  options: { ifMatch?: number } = {},
): Promise<CommandResult<State>> {
  for (let attempt = 1; ; attempt += 1) {
    const recorded = await store.readStream(streamId);
    const version = recorded.length ? recorded[recorded.length - 1].streamVersion : 0;
    const state = fold(decider, recorded.map((event) => toDomainEvent<Event>(event)));
    if (options.ifMatch !== undefined && options.ifMatch !== version) throw staleVersionError(decider, command, state, version);
    const events = decider.decide(command, state);
    if (events.length === 0) return { state, version, appended: 0 };
    try {
      await store.append(streamId, events as unknown as NewEvent[], { expectedVersion: version === 0 ? 'no_stream' : version });
      return { state: events.reduce(decider.evolve, state), version: version + events.length, appended: events.length };
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      if (attempt >= maxAttempts) {
        throw new Conflict('This record is being changed by someone else right now. Please reload it and try again.');
      }
    }
  }
}
