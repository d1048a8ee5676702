import { toDomainEvent } from '../events/registry.ts';
import { WrongExpectedVersionError, type EventStore, type NewEvent } from '../eventstore/types.ts';
import { fold, type Decider } from './decider.ts';
import { Conflict, RecordNotFound, StaleVersion } from './errors.ts';
import { streamStates, type KnownState } from './stream-states.ts';

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
 * Decide, then append at the version decided on. The first try decides on what this process last
 * knew of the stream (a stream it never saw: a new one), without reading it; the append's expected
 * version lets the database judge that state, and whatever that state cannot settle (a refusal, no
 * change, an If-Match it does not match) is settled on the stream as read. A concurrent writer makes
 * the append fail; we read and decide again, up to four appends in all, then answer 409. `ifMatch`
 * is the version the client saw (HTTP If-Match): on the stream as read, a mismatch is a 412 at once,
 * because retrying would overwrite what the user has not seen.
 */
export async function handleCommand<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
  command: Command,
  options: { ifMatch?: number } = {},
): Promise<CommandResult<State>> {
  const remembered = streamStates(store);
  let unread: KnownState<State> | undefined = remembered.get(decider, streamId) ?? { state: decider.initialState(), version: 0 };
  for (let attempt = 1; ; ) {
    const read = unread === undefined;
    const { state, version, keep } = unread ? { ...unread, keep: true } : await readState(store, decider, streamId);
    unread = undefined;
    if (read && keep && version > 0) remembered.set(decider, streamId, { state, version });
    if (options.ifMatch !== undefined && options.ifMatch !== version) {
      if (read) throw staleVersionError(decider, command, state, version);
      continue;
    }
    let events: Event[];
    try {
      events = decider.decide(command, state);
    } catch (error) {
      if (read) throw error;
      continue;
    }
    if (events.length === 0) {
      if (read) return { state, version, appended: 0 };
      continue;
    }
    try {
      await store.append(streamId, events as unknown as NewEvent[], { expectedVersion: version === 0 ? 'no_stream' : version });
    } catch (error) {
      if (!(error instanceof WrongExpectedVersionError)) throw error;
      remembered.forget(streamId, version);
      if (attempt >= maxAttempts) {
        throw new Conflict('This record is being changed by someone else right now. Please reload it and try again.');
      }
      attempt += 1;
      continue;
    }
    const next = { state: events.reduce(decider.evolve, state), version: version + events.length };
    if (keep && !store.seals(streamId, events)) remembered.set(decider, streamId, next);
    return { ...next, appended: events.length };
  }
}

/**
 * The stream as stored, folded, with its version and when its first event was recorded (null for a
 * new stream); `keep` is false when the store seals some of its events (personal data, which erasure
 * must reach: never kept in memory).
 */
export async function readState<State, Command, Event extends { type: string; data: unknown }>(
  store: EventStore,
  decider: Decider<State, Command, Event>,
  streamId: string,
): Promise<KnownState<State> & { keep: boolean; startedAt: Date | null }> {
  const recorded = await store.readStream(streamId);
  return {
    state: fold(decider, recorded.map((event) => toDomainEvent<Event>(event))),
    version: recorded.length ? recorded[recorded.length - 1].streamVersion : 0,
    keep: !store.seals(streamId, recorded),
    startedAt: recorded[0]?.recordedAt ?? null,
  };
}
