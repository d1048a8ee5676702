import type { Knex } from 'knex';
import type { EventStore } from '../eventstore/types.ts';
import { readEventData } from '../events/registry.ts';
import { NotFoundError } from '../http/errors.ts';

export type HistoryEntry = {
  version: number;
  type: string;
  occurredAt: string;
  user: { id: string | null; name: string | null };
  source: string;
  changes: Record<string, unknown>;
};

/**
 * A record's events, oldest first, with who, when and what changed. Only the owner may read it:
 * the first event's actor owns the stream; anyone else gets the same 404 as for a missing record.
 */
export async function readHistory(knex: Knex, store: EventStore, streamId: string, userId: string, what: string): Promise<HistoryEntry[]> {
  const events = await store.readStream(streamId);
  if (events.length === 0 || events[0].metadata.userId !== userId) throw new NotFoundError(what);
  const actorIds = [...new Set(events.map((event) => event.metadata.userId).filter((id): id is string => Boolean(id)))];
  const names = new Map<string, string>(
    (await knex('users').whereIn('id', actorIds).select('id', 'name')).map((row: { id: string; name: string }) => [row.id, row.name]),
  );
  return events.map((event) => ({
    version: event.streamVersion,
    type: event.type,
    occurredAt: event.recordedAt.toISOString(),
    user: { id: event.metadata.userId ?? null, name: event.metadata.userId ? (names.get(event.metadata.userId) ?? null) : null },
    source: event.metadata.source,
    changes: readEventData(event) as Record<string, unknown>,
  }));
}
