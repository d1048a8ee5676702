import type { Knex } from 'knex';
import { toRecordedEvent } from '../eventstore/postgres.ts';
import type { EventStore, Position, RecordedEvent } from '../eventstore/types.ts';
import { foldReportEvent, initialReportState, parseReportState, serialiseReportState, type ReportState } from './state.ts';

/** Events read per query while folding: memory stays flat whatever the history's length. */
const batchSize = 5000;
/** A snapshot is saved each time a fold has gone this many events past the last one. */
export const snapshotEvery = 50_000;
/** Longer than any of our transactions runs: an event this much older than `asOf` took its transaction id before it. */
const settleMs = 10 * 60_000;

/** Makes stored events readable (personal fields decrypted, or shown erased); identity when none are sealed. */
export type EventReveal = (events: RecordedEvent[], knex: Knex) => Promise<RecordedEvent[]>;

type Snapshot = { tx_id: string; global_position: string | number; covers_until: Date; events: number; state: string };

export type AsOfFold = { state: ReportState; foldedEvents: number; fromSnapshot: boolean };

/**
 * The user's report state as it was at `asOf`: the newest snapshot whose events all happened by
 * then, plus every later event of the user recorded by then, in catch-up order (transaction id,
 * global position), so a stream's events always fold in their own order. A fold saves snapshots on
 * its way, only over events of transactions older than every running one (no event can appear
 * later inside a saved snapshot) and recorded well before `asOf` (an event left out for being later
 * than `asOf` can only belong to a transaction that started after it, so it sorts after them).
 */
export async function reportStateAsOf(
  knex: Knex,
  userId: string,
  asOf: Date,
  reveal: EventReveal,
  options: { useSnapshots?: boolean } = {},
): Promise<AsOfFold> {
  const useSnapshots = options.useSnapshots ?? true;
  const snapshot: Snapshot | undefined = useSnapshots
    ? await knex('report_snapshots').where('user_id', userId).andWhere('covers_until', '<=', asOf).orderBy('global_position', 'desc').first()
    : undefined;
  const state = snapshot ? parseReportState(snapshot.state) : initialReportState();
  let after = snapshot ? { tx: String(snapshot.tx_id), position: String(snapshot.global_position) } : null;
  let sinceSnapshot = 0;
  let total = snapshot?.events ?? 0;
  let coversUntil = snapshot ? new Date(snapshot.covers_until) : new Date(0);
  const [{ horizon }] = (await knex.raw('select pg_snapshot_xmin(pg_current_snapshot())::text as horizon')).rows as Array<{ horizon: string }>;
  let snapshotting = useSnapshots;
  const settledBefore = asOf.getTime() - settleMs;
  let folded = 0;
  for (;;) {
    const query = knex('events')
      .whereRaw("metadata->>'userId' = ?", [userId])
      .andWhere('recorded_at', '<=', asOf)
      .orderBy([{ column: 'tx_id' }, { column: 'global_position' }])
      .limit(batchSize)
      // the column itself (it reads as text): an output column `tx_id::text as tx_id` is what ORDER BY
      // "tx_id" sorted by, as text ('100' before '99'), against the cursor's numeric comparison, and
      // without the index's order every batch sorted every event after the cursor
      .select('global_position', 'stream_id', 'stream_version', 'type', 'data', 'metadata', 'recorded_at', 'tx_id');
    if (after) query.whereRaw('(tx_id, global_position) > (?::xid8, ?::bigint)', [after.tx, after.position]);
    const rows = await query;
    if (rows.length === 0) break;
    const events = await reveal(rows.map(toRecordedEvent), knex);
    for (const event of events) {
      foldReportEvent(state, event);
      folded += 1;
      total += 1;
      if (!snapshotting) continue;
      if (BigInt(event.position === 'start' ? 0 : event.position.commit) >= BigInt(horizon)) {
        snapshotting = false;
        continue;
      }
      if (event.recordedAt.getTime() > settledBefore) continue;
      // the database keeps microseconds, a Date milliseconds: the next millisecond bounds the event's time from above
      const recordedBy = new Date(event.recordedAt.getTime() + 1);
      if (recordedBy > coversUntil) coversUntil = recordedBy;
      sinceSnapshot += 1;
      if (sinceSnapshot >= snapshotEvery) {
        sinceSnapshot = 0;
        await saveSnapshot(knex, userId, event, coversUntil, total, state);
      }
    }
    const last = rows[rows.length - 1];
    after = { tx: String(last.tx_id), position: String(last.global_position) };
  }
  return { state, foldedEvents: folded, fromSnapshot: Boolean(snapshot) };
}

/**
 * The same fold for a store that keeps its events outside our database (EventStoreDB): the whole log
 * in its order, the user's events recorded by `asOf` (the store reveals personal fields as it reads).
 * No snapshots: they are placed by the events table's transaction ids, which such a store has not.
 */
export async function reportStateFromStore(store: EventStore, userId: string, asOf: Date): Promise<AsOfFold> {
  const state = initialReportState();
  let after: Position = 'start';
  let folded = 0;
  for (;;) {
    const { events, next } = await store.readAll({ after, limit: batchSize });
    for (const event of events) {
      if (event.metadata.userId !== userId || event.recordedAt > asOf) continue;
      foldReportEvent(state, event);
      folded += 1;
    }
    if (events.length < batchSize) break;
    after = next;
  }
  return { state, foldedEvents: folded, fromSnapshot: false };
}

async function saveSnapshot(knex: Knex, userId: string, event: RecordedEvent, coversUntil: Date, events: number, state: ReportState): Promise<void> {
  if (event.position === 'start') return;
  await knex('report_snapshots')
    .insert({ user_id: userId, tx_id: event.position.commit, global_position: event.globalPosition, covers_until: coversUntil, events, state: serialiseReportState(state) })
    .onConflict(['user_id', 'global_position'])
    .ignore();
}

/** Forgets a user's snapshots: after an erasure they would still hold what was erased. */
export async function dropReportSnapshots(knex: Knex, userId: string): Promise<void> {
  await knex('report_snapshots').where('user_id', userId).delete();
}
