import type { Knex } from 'knex';
import { projections } from '../../../projections/index.ts';
import { inlineProjections } from '../../../projections/runner.ts';
import { PostgresEventStore } from './postgres.ts';
import type { EventStore } from './types.ts';

/**
 * The Postgres store (default) projects inline, in the append's transaction. With EVENTSTORE_URL the
 * events live in EventStoreDB and an async projector fills the same read tables.
 */
export async function createEventStore(knex: Knex, eventStoreUrl?: string): Promise<EventStore> {
  if (!eventStoreUrl) return new PostgresEventStore(knex, inlineProjections(projections));
  throw new Error('EVENTSTORE_URL is set, but this build has no EventStoreDB adapter yet.');
}
