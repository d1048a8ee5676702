import type { Knex } from 'knex';
import type { Decider } from '../commands/decider.ts';
import { toDomainEvent } from '../events/registry.ts';
import type { EventStore, RecordedEvent } from '../eventstore/types.ts';
import { NotFoundError } from '../http/errors.ts';
import { activitySummary } from './registry.ts';

export type FieldChange = { field: string; from: unknown; to: unknown };

export type HistoryEntry = {
  version: number;
  type: string;
  occurredAt: string;
  user: { id: string | null; name: string | null };
  source: string;
  correlationId: string;
  summary: string;
  changes: FieldChange[];
};

/** How a record's state reads as fields in its history; by default the state as it is, without its owner. */
export type HistoryView<State> = (state: State) => Record<string, unknown>;

/** Whether the record's event at `index` only records again a fact the events before it hold: the History shows the fact once. */
export type HistoryRepeat = (events: RecordedEvent[], index: number) => boolean;

const withoutOwner = (state: unknown): Record<string, unknown> => {
  const { ownerId: _owner, ...fields } = state as Record<string, unknown>;
  return fields;
};

/** Nested objects become dotted fields (`financials.roa`); lists and plain values are compared whole. */
function flatten(value: Record<string, unknown>, prefix = '', into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, inner] of Object.entries(value)) {
    if (inner !== null && typeof inner === 'object' && !Array.isArray(inner)) flatten(inner as Record<string, unknown>, `${prefix}${key}.`, into);
    else into[prefix + key] = inner;
  }
  return into;
}

const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Every field whose value differs between two states, with its value before and after (null when absent). */
export function fieldChanges(before: Record<string, unknown>, after: Record<string, unknown>): FieldChange[] {
  const from = flatten(before);
  const to = flatten(after);
  const fields = [...new Set([...Object.keys(from), ...Object.keys(to)])];
  return fields.filter((field) => !same(from[field], to[field])).map((field) => ({ field, from: from[field] ?? null, to: to[field] ?? null }));
}

/**
 * A record's events, oldest first, with who, when, from where and what changed field by field (the
 * state folded before and after each event), leaving out an event that only repeats an earlier
 * one's fact (`repeat`). Only the owner may read it: the first event's actor owns the stream; anyone
 * else gets the same 404 as for a missing record.
 */
export async function readHistory<State>(
  knex: Knex,
  store: EventStore,
  record: { streamId: string; userId: string; what: string; decider: Decider<State, any, any>; view?: HistoryView<State>; repeat?: HistoryRepeat; userName?: string },
): Promise<HistoryEntry[]> {
  const events = await store.readStream(record.streamId);
  if (events.length === 0 || events[0].metadata.userId !== record.userId) throw new NotFoundError(record.what);
  // The reader's own name is known; only other actors' names are looked up.
  const names = new Map<string, string>(record.userName === undefined ? [] : [[record.userId, record.userName]]);
  const actorIds = [...new Set(events.map((event) => event.metadata.userId).filter((id): id is string => Boolean(id) && !names.has(id!)))];
  if (actorIds.length) {
    for (const row of (await knex('users').whereIn('id', actorIds).select('id', 'name')) as Array<{ id: string; name: string }>) names.set(row.id, row.name);
  }
  const view = record.view ?? withoutOwner;
  let state = record.decider.initialState();
  // Before the first event there is nothing: every field of the new record changes from null.
  let before: Record<string, unknown> = {};
  return events.flatMap((event, index) => {
    const domainEvent = toDomainEvent<{ type: string; data: unknown }>(event);
    state = record.decider.evolve(state, domainEvent);
    const after = view(state);
    const changes = fieldChanges(before, after);
    before = after;
    if (record.repeat?.(events, index)) return [];
    return {
      version: event.streamVersion,
      type: event.type,
      occurredAt: event.recordedAt.toISOString(),
      user: { id: event.metadata.userId ?? null, name: event.metadata.userId ? (names.get(event.metadata.userId) ?? null) : null },
      source: event.metadata.source,
      correlationId: event.metadata.correlationId,
      summary: activitySummary(event.type, domainEvent.data) ?? event.type,
      changes,
    };
  });
}
