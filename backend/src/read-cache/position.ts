import type { Knex } from 'knex';
import { preparedQuery } from '../db/prepared.ts';

/**
 * Where a user's read models stand, as one string that changes whenever anything a cached answer
 * of that user may show has changed: the user's events, the rows rewritten without an event
 * (`touchReadModels`), and the regulator mirror (the public API shows its figures).
 *
 * Events are ordered as catch-up readers order them, (transaction id, global position). Positions
 * come from a sequence, so a transaction may commit a lower position after others committed higher
 * ones: the newest event alone would miss it. The position is therefore the newest *settled* event
 * (its transaction is below the oldest transaction still running, so nothing can commit before it
 * any more) with the count of the user's events committed after that horizon. A late commit either
 * adds to that count or, once settled, becomes the newest settled event (every event settled before
 * it has a lower transaction id): both change the string. (Ordering by the user first keeps the
 * planner on the user's index even when one user owns most events.)
 */
const positionSql = `
  select
    coalesce((
      select tx_id::text || '.' || global_position from events
      where metadata->>'userId' = $1 and tx_id < pg_snapshot_xmin(pg_current_snapshot())
      order by metadata->>'userId' desc, tx_id desc, global_position desc limit 1
    ), '-') || '/' ||
    (select count(*) from events where metadata->>'userId' = $1 and tx_id >= pg_snapshot_xmin(pg_current_snapshot())) || '/' ||
    coalesce((select touched from read_model_touches where user_id = $1::uuid), 0) || '/' ||
    coalesce((select version from regulator_data_version where id = 1), 0) as position`;

/** Asked on every cached read: a prepared statement, planned once per connection. */
export async function readModelPosition(knex: Knex, userId: string): Promise<string> {
  const [row] = await preparedQuery<{ position: string }>(knex, 'read_model_position', positionSql, [userId]);
  return row.position;
}

/** Marks the user's read rows rewritten without a new event, in the writer's transaction. */
export async function touchReadModels(knex: Knex, userId: string): Promise<void> {
  await knex.raw('insert into read_model_touches (user_id, touched) values (?, 1) on conflict (user_id) do update set touched = read_model_touches.touched + 1', [userId]);
}

/** Marks every user's read rows rewritten without a new event (a read model rebuilt and switched), in the writer's transaction. */
export async function touchEveryonesReadModels(knex: Knex): Promise<void> {
  await knex.raw('insert into read_model_touches (user_id, touched) select id, 1 from users on conflict (user_id) do update set touched = read_model_touches.touched + 1');
}
