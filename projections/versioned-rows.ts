import type { Knex } from 'knex';
import type { RecordedEvent } from '../backend/src/eventstore/types.ts';

/**
 * Row writes that make projections idempotent: a row remembers the stream version it reflects,
 * and an event at or below that version changes nothing.
 */
export async function insertRow(trx: Knex.Transaction, table: string, event: RecordedEvent, row: Record<string, unknown>): Promise<void> {
  await trx(table)
    .insert({ ...row, version: event.streamVersion, created_at: event.recordedAt, updated_at: event.recordedAt })
    .onConflict()
    .ignore();
}

export async function updateRow(
  trx: Knex.Transaction,
  table: string,
  key: Record<string, unknown>,
  event: RecordedEvent,
  changes: Record<string, unknown>,
): Promise<void> {
  await trx(table)
    .where(key)
    .andWhere('version', '<', event.streamVersion)
    .update({ ...changes, version: event.streamVersion, updated_at: event.recordedAt });
}

export async function deleteRow(trx: Knex.Transaction, table: string, key: Record<string, unknown>, event: RecordedEvent): Promise<void> {
  await trx(table).where(key).andWhere('version', '<', event.streamVersion).delete();
}
