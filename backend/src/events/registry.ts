import { z } from 'zod';
import type { RecordedEvent } from '../eventstore/types.ts';

type Upcaster = { from: number; up: (data: unknown) => unknown };

export type EventDefinition<Type extends string, Schema extends z.ZodType> = {
  type: Type;
  version: number;
  schema: Schema;
  /** Builds the event to append, validated against the latest schema. */
  create(data: z.input<Schema>): { type: Type; data: z.output<Schema>; schemaVersion: number };
};

const definitions = new Map<string, { version: number; schema: z.ZodType; upcasters: Upcaster[] }>();

/**
 * Declares an event type and its current schema version. Older stored versions are lifted by the
 * upcasters (each takes version `from` to `from + 1`) when read; stored events are never rewritten.
 */
export function defineEvent<const Type extends string, Schema extends z.ZodType>(
  type: Type,
  schema: Schema,
  options: { version?: number; upcasters?: Upcaster[] } = {},
): EventDefinition<Type, Schema> {
  const version = options.version ?? 1;
  if (definitions.has(type)) throw new Error(`Event type ${type} is defined twice`);
  definitions.set(type, { version, schema, upcasters: options.upcasters ?? [] });
  return {
    type,
    version,
    schema,
    create: (data) => ({ type, data: schema.parse(data) as z.output<Schema>, schemaVersion: version }),
  };
}

/** The event's data lifted to the current schema version and validated. */
export function readEventData(event: RecordedEvent): unknown {
  const definition = definitions.get(event.type);
  if (!definition) throw new Error(`Unknown event type ${event.type} in stream ${event.streamId}`);
  let data: unknown = event.data;
  for (let version = event.metadata.schemaVersion ?? 1; version < definition.version; version += 1) {
    const upcaster = definition.upcasters.find((candidate) => candidate.from === version);
    if (!upcaster) throw new Error(`No upcaster for ${event.type} from version ${version}`);
    data = upcaster.up(data);
  }
  return definition.schema.parse(data);
}

/** A union of `{ type, data }` for a set of event definitions. */
export type EventOf<Definitions extends Record<string, EventDefinition<string, z.ZodType>>> = {
  [K in keyof Definitions]: { type: Definitions[K]['type']; data: z.output<Definitions[K]['schema']> };
}[keyof Definitions];

/** Upcast, typed view of a stored event for deciders and projections. */
export function toDomainEvent<Event extends { type: string; data: unknown }>(event: RecordedEvent): Event {
  return { type: event.type, data: readEventData(event) } as Event;
}
