import type { SetWrite } from './postgres.ts';

/**
 * Appends of one event each that wait while earlier statements run, sent together as one
 * statement: one insert of all their events and one statement part per shape of projection write,
 * set-based. PostgreSQL's cost is mostly per statement part, not per row (a prepared one-row insert
 * into a table of six indexes costs about 80 µs, a row inserted with thousands 13.5 µs), so a
 * batch of appends costs little more than one.
 */

/** One append of a batch: its stream, the version it expects, its event as stored, and its projections' writes as set records. */
export type BatchedAppend = { streamId: string; expected: number; type: string; data: string; metadata: string; writes: SetWrite[] };

/**
 * Before the database gives an event its position, projections see a stand-in no real position
 * can be (positions count up from 1): the index of the event, counted from the smallest safe integer.
 */
export const positionStandIn = (index: number) => Number.MIN_SAFE_INTEGER + index;

/** The index a stand-in stands for, or -1 when the value is not one of `count` stand-ins. */
export const standInIndex = (value: unknown, count: number) => {
  const index = typeof value === 'number' ? value - Number.MIN_SAFE_INTEGER : -1;
  return index >= 0 && index < count ? index : -1;
};

/** How every stand-in begins when written out: a write holding this text elsewhere than a position column cannot be placed. */
export const standInText = String(Number.MIN_SAFE_INTEGER).slice(0, 12);

const occurrences = (text: string, part: string) => {
  let count = 0;
  for (let at = text.indexOf(part); at >= 0; at = text.indexOf(part, at + part.length)) count += 1;
  return count;
};

/**
 * The batch as one statement. The events go in in the appends' order, each at the version its
 * stream expects (events_next_version fails the whole statement otherwise: the caller then sends
 * the appends one by one). Each position stand-in in a write's record becomes the position its
 * event was given. The appends name distinct streams and their writes distinct rows (the parts
 * of one statement all see the rows as they were before it).
 */
export function batchStatement(appends: BatchedAppend[], recordedAt: Date): { sql: string; bindings: unknown[] } {
  const groups = new Map<string, { write: SetWrite; records: Array<Record<string, unknown>>; positionColumns: Set<string>; standIns: number }>();
  for (const append of appends) {
    for (const write of append.writes) {
      let group = groups.get(write.shape);
      if (!group) groups.set(write.shape, (group = { write, records: [], positionColumns: new Set(), standIns: 0 }));
      group.records.push(write.record);
      for (const column in write.record) {
        if (standInIndex(write.record[column], appends.length) < 0) continue;
        group.positionColumns.add(column);
        group.standIns += 1;
      }
    }
  }
  // the events as one JSON array, their data and metadata (JSON already) set in as they are
  const events = appends.map(
    (append, index) => `{"stream_id":${JSON.stringify(append.streamId)},"expected":${append.expected},"type":${JSON.stringify(append.type)},"data":${append.data},"metadata":${append.metadata},"n":${index + 1}}`,
  );
  const bindings: unknown[] = [`[${events.join(',')}]`, recordedAt];
  // in the order of their shapes, so a batch of the same kinds of writes is the same text, prepared once per connection
  const parts = [...groups.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, group]) => group).map(({ write, records, positionColumns, standIns }, at) => {
    const json = JSON.stringify(records);
    // The count as the set's LIMIT tells the planner how few records there are: it takes a function's
    // rows for 100, and joined an update's records to a table of 20,000 rows by scanning all of it
    // (2 ms a statement, against 0.2 through the primary key).
    const recordSet = `(select * from json_populate_recordset(null::${write.table}, ?::json) limit ?) as record`;
    if (occurrences(json, standInText) !== standIns) throw new Error(`A projection wrote an event's position into ${write.statement((_, reference) => reference, recordSet)} in a form the append cannot place.`);
    bindings.push(json, records.length);
    const statement = write.statement(
      (column, reference) => (positionColumns.has(column) ? `coalesce((select positions.global_position from positions where positions.stand_in = ${reference}), ${reference})` : reference),
      recordSet,
    );
    return `write_${at + 1} as (${statement})`;
  });
  const sql = `with input as (
      select * from json_to_recordset(?::json) as input(stream_id text, expected int, type text, data jsonb, metadata jsonb, n int)
    ), appended as (
      insert into events (stream_id, stream_version, type, data, metadata, recorded_at)
      select stream_id, events_next_version(stream_id, expected), type, data, metadata, ?::timestamptz from input order by n
      returning global_position, stream_id, stream_version, recorded_at, tx_id
    ), positions as (
      select appended.global_position, input.n - 1 + (${Number.MIN_SAFE_INTEGER}) as stand_in from appended join input using (stream_id)
    )${parts.map((part) => `, ${part}`).join('')}
    select global_position, stream_id, stream_version, recorded_at, tx_id from appended`;
  return { sql, bindings };
}
