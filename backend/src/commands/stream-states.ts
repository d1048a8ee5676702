import type { EventStore } from '../eventstore/types.ts';
import type { Decider } from './decider.ts';

export type KnownState<State> = { state: State; version: number };

type Entry = { decider: Decider<any, any, any>; state: unknown; version: number };

/** Streams remembered per event store; the least recently used go first. */
const capacity = 10_000;

/**
 * What this process last knew of the streams it decided on: each one's state (folded by one decider)
 * and version. A command decides on it without reading the stream and appends at that version, so the
 * database judges it: any write since, by anyone, fails the append, and the command reads the stream.
 */
export class StreamStates {
  private readonly entries = new Map<string, Entry>();

  get<State>(decider: Decider<State, any, any>, streamId: string): KnownState<State> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.decider !== decider) return undefined;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return { state: entry.state as State, version: entry.version };
  }

  set<State>(decider: Decider<State, any, any>, streamId: string, known: KnownState<State>): void {
    this.entries.delete(streamId);
    this.entries.set(streamId, { decider, ...known });
    if (this.entries.size > capacity) this.entries.delete(this.entries.keys().next().value!);
  }

  /** Forgets the stream, unless it has moved on past `version` meanwhile (a concurrent command of this process). */
  forget(streamId: string, version: number): void {
    if ((this.entries.get(streamId)?.version ?? version) <= version) this.entries.delete(streamId);
  }
}

const perStore = new WeakMap<EventStore, StreamStates>();

export function streamStates(store: EventStore): StreamStates {
  let states = perStore.get(store);
  if (!states) perStore.set(store, (states = new StreamStates()));
  return states;
}
