import { readEventData } from '../backend/src/events/registry.ts';
import type { ActivityDescription } from '../backend/src/outreach/activity.ts';
import { outreachActivity } from '../backend/src/outreach/registry.ts';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';
import { insert, rowProjection } from './row-projection.ts';

type AnyDescription = ActivityDescription<{ type: string; data: any }>;
const byEventType = new Map<string, AnyDescription>();
for (const description of outreachActivity as AnyDescription[]) {
  for (const type of Object.keys(description.summaries)) byEventType.set(type, description);
}

/** The bank an event names: a tracked bank is its own; contacts, tasks and emails carry `bankId` where it is set or changes. */
function bankOf(description: AnyDescription, streamId: string, data: Record<string, unknown>): number | null {
  if (description.resource === 'banks') return Number(description.recordId(streamId));
  return typeof data.bankId === 'number' ? data.bankId : null;
}

/** How an event reads in the feed: its one-line summary and its data; null for an event the feed does not show. */
export function activityText(event: RecordedEvent): { summary: string; changes: string } | null {
  const description = byEventType.get(event.type);
  if (!description) return null;
  const data = readEventData(event) as Record<string, unknown>;
  return { summary: description.summaries[event.type](data), changes: JSON.stringify(data) };
}

/** The activity feed: one row per outreach event (who, when, which record, what changed). */
export const activityProjection = rowProjection(
  { name: 'activity', title: 'Activity feed', table: 'activity', key: ['global_position'], version: 1, versioned: false },
  [...byEventType.keys()],
  (event) => {
    const description = byEventType.get(event.type)!;
    const data = readEventData(event) as Record<string, unknown>;
    const userId = event.metadata.userId ?? (data.ownerId as string | undefined);
    if (!userId) return undefined; // an event no user caused belongs to no one's feed
    return insert({
      global_position: event.globalPosition,
      user_id: userId,
      resource: description.resource,
      record_id: description.recordId(event.streamId),
      stream_id: event.streamId,
      stream_version: event.streamVersion,
      event_type: event.type,
      summary: description.summaries[event.type](data),
      changes: data,
      source: event.metadata.source,
      correlation_id: event.metadata.correlationId,
      occurred_at: event.recordedAt,
      bank_id: bankOf(description, event.streamId, data),
    });
  },
);
