import type { Knex } from 'knex';

type SettledTotal = { touched: number; settled_tx: string; settled_count: number };
type Counted = { xmin: string; touched: number; settled: number; unsettled: number };

/**
 * How many of a user's activity rows `filtered` (the feed's query with its filters) matches,
 * without counting a feed of a million rows after every write or restart.
 *
 * An activity row is written in its event's transaction and never deleted; it is rewritten in place
 * only together with a touch of the user's read models (an erasure, a rebuild). A transaction below
 * the snapshot's xmin has ended, so the rows of such transactions are a fixed set: they are counted
 * once and kept in `list_totals` with that horizon, and each later total adds only the rows of the
 * transactions since. Rows of transactions at or above the horizon may still be joined by others
 * (a transaction can commit a lower position after a higher one): they are always counted afresh.
 */
export async function activityTotal(knex: Knex, userId: string, listKey: string, filtered: Knex.QueryBuilder): Promise<number> {
  const stored: SettledTotal | undefined = await knex('list_totals').where({ user_id: userId, list_key: listKey }).select('touched', 'settled_tx', 'settled_count').first();
  const horizon = knex.raw('pg_snapshot_xmin(pg_current_snapshot())');
  // The user's events of transactions from `from` on (and below the horizon when `settledOnly`).
  const eventsSince = (from: Knex.Raw | string, settledOnly: boolean) => {
    const events = knex('events').select('global_position').whereRaw("metadata->>'userId' = ?", [userId]).where('tx_id', '>=', typeof from === 'string' ? knex.raw('?::xid8', [from]) : from);
    return settledOnly ? events.where('tx_id', '<', horizon) : events;
  };
  const countOf = (query: Knex.QueryBuilder) => query.clone().clearSelect().clearOrder().count('*');
  // The rows of those events, looked up by position. As `in (subquery)` the planner weighs the events
  // since by its statistics, and with a coarse sample of `tx_id` (the embedded engine's) it took them
  // for tens of thousands and scanned every activity row of the user: 160 ms after each write
  // against 1 ms, at a million rows.
  const rowsOf = (events: Knex.QueryBuilder) => filtered.clone().whereRaw('?? = any(array(?))', ['global_position', events]);
  const statement = (settled: Knex.QueryBuilder) =>
    knex
      .select(
        knex.raw('pg_snapshot_xmin(pg_current_snapshot())::text as xmin'),
        knex.raw('coalesce((select touched from read_model_touches where user_id = ?), 0) as touched', [userId]),
        settled.as('settled'),
        countOf(rowsOf(eventsSince(horizon, false))).as('unsettled'),
      )
      .first() as Promise<Counted>;

  let counted = stored && (await statement(countOf(rowsOf(eventsSince(stored.settled_tx, true)))));
  let settledCount: number;
  if (stored && counted && Number(counted.touched) === Number(stored.touched) && BigInt(counted.xmin) >= BigInt(stored.settled_tx)) {
    settledCount = Number(stored.settled_count) + Number(counted.settled);
  } else {
    // First count, or the rows were rewritten since: every row, less those still unsettled.
    counted = await statement(countOf(filtered));
    settledCount = Number(counted.settled) - Number(counted.unsettled);
  }
  if (!stored || Number(stored.touched) !== Number(counted.touched) || stored.settled_tx !== counted.xmin) {
    await knex.raw(
      `insert into list_totals (user_id, list_key, touched, settled_tx, settled_count) values (?, ?, ?, ?::xid8, ?)
       on conflict (user_id, list_key) do update set touched = excluded.touched, settled_tx = excluded.settled_tx, settled_count = excluded.settled_count
       where (list_totals.touched, list_totals.settled_tx) < (excluded.touched, excluded.settled_tx)`,
      [userId, listKey, counted.touched, counted.xmin, settledCount],
    );
  }
  return settledCount + Number(counted.unsettled);
}
