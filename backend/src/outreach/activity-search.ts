import type { Knex } from 'knex';
import type { Engine } from '../db/database.ts';
import { createPollingWorker, type PollingWorker } from '../jobs/polling-worker.ts';
import type { AppServices } from '../services.ts';

/**
 * The activity feed's search index (`activity_search`: each feed row's summary as searches compare
 * it, case and accents aside (`sort_text`), trigram-indexed, with its time, record type, event type
 * and source, so a page of matches is cut in the index).
 *
 * It is filled after the events' transactions, not in them: a trigram index on the feed, kept up in
 * every command's transaction, slowed the command path at 16 clients by about a fifth.
 * `activity_search_mark` holds the last event indexed in the order catch-up readers use,
 * (transaction id, global position). A round indexes the next events of ended transactions only
 * (below the snapshot's xmin), so no event can commit before the mark afterwards. A search reads the
 * index up to the mark and the feed's rows of every event past it, so it finds what was written a
 * moment ago as well.
 *
 * The feed is rebuilt into a new table (a new oid): the index then starts over, and until the job
 * has caught up again the search reads the feed itself. An erasure rewrites the summaries it holds.
 */

/**
 * Events looked at per round: a round is one short transaction. The embedded engine serves every
 * statement on one connection, which a round holds: 5,000 events took it 170-240 ms, so it takes
 * fewer at a time, and requests waiting for the connection go between rounds.
 */
const eventsPerRound: Record<Engine, number> = { postgres: 5_000, pglite: 1_000 };
/** How often the job looks for events to index when the last round found none. */
const pollIntervalMs = 2_000;

/** Whether the mark (`m`) is of the feed table in place: a rebuild puts a new table there. */
const markOfCurrentFeed = "m.activity_table = to_regclass('activity')::oid";

/**
 * Whether the next event past the mark has ended (every later one has a later transaction), or the
 * mark is of a feed table no longer in place: asked without a lock or a write, every round of an
 * idle server. Asked as "the next event" in index order: as `exists`, the planner expected a third of
 * the events past the mark and read them all (26 ms at 200,000 events, against 0.15).
 */
const pendingSql = `
  select not coalesce(${markOfCurrentFeed}, false) or coalesce((
    select e.tx_id < pg_snapshot_xmin(pg_current_snapshot()) from events e
    where (e.tx_id, e.global_position) > (m.tx_id, m.global_position)
    order by e.tx_id, e.global_position limit 1
  ), false) as pending
  from activity_search_mark m where m.id = 1`;

/** Indexes the next events after the mark; answers how many events it looked at (0: caught up, or another process is at it). */
export async function indexActivitySearch(knex: Knex, limit = eventsPerRound.postgres): Promise<number> {
  const { rows: pending } = await knex.raw(pendingSql);
  if (!pending[0]?.pending) return 0;
  return knex.transaction(async (trx) => {
    const { rows: marks } = await trx.raw(
      `select coalesce(${markOfCurrentFeed}, false) as current, m.tx_id::text as tx_id, m.global_position from activity_search_mark m where id = 1 for update skip locked`,
    );
    if (marks.length === 0) return 0;
    let mark: { tx_id: string; global_position: string | number } = marks[0];
    if (!marks[0].current) {
      await trx('activity_search').delete();
      await trx.raw("update activity_search_mark set tx_id = '0', global_position = 0, activity_table = to_regclass('activity')::oid where id = 1");
      mark = { tx_id: '0', global_position: 0 };
    }
    // The mark as values, not joined in: so the events after it are read from it in the index, not
    // every event from the first (a round at a million events took 250 ms instead of 20).
    const { rows } = await trx.raw(
      `with batch as (
         select e.tx_id, e.global_position from events e
         where (e.tx_id, e.global_position) > (?::xid8, ?::bigint) and e.tx_id < pg_snapshot_xmin(pg_current_snapshot())
         order by e.tx_id, e.global_position limit ?
       ),
       indexed as (
         insert into activity_search (global_position, user_id, folded_summary, occurred_at, resource, event_type, source)
         select a.global_position, a.user_id, sort_text(a.summary), a.occurred_at, a.resource, a.event_type, a.source from batch join activity a on a.global_position = batch.global_position
         on conflict (global_position) do update set user_id = excluded.user_id, folded_summary = excluded.folded_summary, occurred_at = excluded.occurred_at,
           resource = excluded.resource, event_type = excluded.event_type, source = excluded.source
       ),
       last as (select tx_id, global_position from batch order by tx_id desc, global_position desc limit 1),
       moved as (update activity_search_mark m set tx_id = last.tx_id, global_position = last.global_position from last where m.id = 1)
       select count(*)::int as events from batch`,
      [mark.tx_id, mark.global_position, limit],
    );
    return rows[0].events as number;
  });
}

/** The positions of the events past the mark (every event while the index starts over after a rebuild). */
const eventsPastMark = `
  select e.global_position from events e, activity_search_mark m
  where (e.tx_id, e.global_position) > (case when ${markOfCurrentFeed} then m.tx_id else '0'::xid8 end, case when ${markOfCurrentFeed} then m.global_position else 0 end)`;

/**
 * Narrows a search by the feed's own columns that the index copies (`resource`, `event_type`,
 * `source`, `occurred_at`), the same on the index and on the feed.
 */
export type SearchNarrowing = (query: Knex.QueryBuilder) => void;

/**
 * The user's feed rows whose summary matches `pattern` (an ILIKE pattern), narrowed by `narrow`, as
 * their position and time: the index's up to its mark, and the feed's own rows of every event past it.
 */
function searchMatches(knex: Knex, userId: string, pattern: string, narrow: SearchNarrowing = () => undefined): Knex.QueryBuilder {
  const indexed = knex('activity_search')
    .select('activity_search.global_position', 'activity_search.occurred_at')
    .where('activity_search.user_id', userId)
    // Case and accents aside, as the lists search: 'jose' finds José. The index holds each summary folded.
    .whereRaw('activity_search.folded_summary like (select sort_text(?))', [pattern])
    .whereExists(knex('activity_search_mark as m').whereRaw(markOfCurrentFeed));
  const recent = knex('activity')
    .select('activity.global_position', 'activity.occurred_at')
    .where('activity.user_id', userId)
    .whereRaw('sort_text(activity.summary) like (select sort_text(?))', [pattern])
    .whereRaw(`activity.global_position = any(array(${eventsPastMark}))`);
  narrow(indexed);
  narrow(recent);
  return indexed.unionAll(recent);
}

/**
 * The positions of the user's feed rows whose summary may match `pattern`. The caller tests the
 * feed row's summary again, so an index row older than the feed's row never shows a row that does
 * not match.
 */
export function activitySearchCandidates(knex: Knex, userId: string, pattern: string): Knex.QueryBuilder {
  return knex.from(searchMatches(knex, userId, pattern).as('matches')).select('global_position');
}

/** The user's feed rows whose summary matches `pattern`, narrowed by `narrow`, to count. */
export const activitySearchMatches = (knex: Knex, userId: string, pattern: string, narrow?: SearchNarrowing) =>
  knex.with('matches', searchMatches(knex, userId, pattern, narrow)).from('matches');

/**
 * A page of the user's feed rows whose summary matches `pattern`, narrowed by `narrow`, newest or
 * oldest first, each with the count of every match as `totalAlias`. The page is cut among the
 * index's rows, which hold the time, and only its rows are read from the feed: a word in 20,000 of a
 * million rows took 15 ms for a page and its count, against 100 and 52 ms reading every match's feed
 * row to sort them.
 */
export function activitySearchPage(
  knex: Knex,
  userId: string,
  pattern: string,
  page: { order: 'ASC' | 'DESC'; offset: number; limit: number; totalAlias: string },
  narrow?: SearchNarrowing,
): Knex.QueryBuilder {
  const direction = page.order === 'ASC' ? 'asc' : 'desc';
  const cut = knex
    .from('matches')
    // Counted before the page is cut, in the same pass over the matches.
    .select('global_position', knex.raw('count(*) over () as ??', [page.totalAlias]))
    .orderByRaw(`occurred_at ${direction} nulls last`)
    .orderBy('global_position', direction)
    .offset(page.offset)
    .limit(page.limit);
  return (
    knex
      .with('matches', searchMatches(knex, userId, pattern, narrow))
      .with('page', cut)
      .select('activity.*', `page.${page.totalAlias}`)
      // Each row of the page looked up by position (`limit 1` keeps the planner from making it a
      // join): as a join, with the page's size a parameter, the planner read every feed row of the
      // user instead (1.1-1.5 s on the embedded engine).
      .from(
        knex.raw('page, lateral (select a.* from activity a where a.global_position = page.global_position and a.user_id = ? and sort_text(a.summary) like (select sort_text(?)) limit 1) activity', [
          userId,
          pattern,
        ]),
      )
      .orderByRaw(`activity.occurred_at ${direction} nulls last`)
      .orderBy('activity.global_position', direction)
  );
}

/** How many of the user's events the index has yet to take in (every one while it starts over after a rebuild). */
export async function eventsToIndex(knex: Knex, userId: string): Promise<number> {
  const { rows: marks } = await knex.raw(`select coalesce(${markOfCurrentFeed}, false) as current, m.tx_id::text as tx_id, m.global_position from activity_search_mark m where m.id = 1`);
  const events = knex('events').whereRaw("metadata->>'userId' = ?", [userId]);
  // Past the mark, through the index of a user's events by transaction and position.
  if (marks[0]?.current) events.whereRaw('(tx_id, global_position) > (?::xid8, ?::bigint)', [marks[0].tx_id, marks[0].global_position]);
  const [{ count }] = await events.count({ count: '*' });
  return Number(count);
}

/**
 * Rewrites the index's copy of feed rows rewritten in place (an erasure), in the writer's transaction,
 * after the rows. It first takes the mark: a round under way read the rows as they were, and its
 * copies are rewritten once it has committed; a round after it reads them rewritten.
 */
export async function reindexActivityRows(trx: Knex.Transaction, positions: number[]): Promise<void> {
  if (positions.length === 0) return;
  await trx.raw('select 1 from activity_search_mark where id = 1 for update');
  await trx.raw(
    `update activity_search s set folded_summary = sort_text(a.summary) from activity a where a.global_position = s.global_position and s.global_position = any(?::bigint[])`,
    [positions],
  );
}

/**
 * The indexing job on `knex`. A round that filled its batch goes on at once; otherwise the job waits
 * before the next, so a busy server indexes a few seconds' events per round, not a few at a time.
 */
export function activitySearchWorker(knex: Knex, engine: Engine): PollingWorker {
  const limit = eventsPerRound[engine];
  return createPollingWorker({ name: 'activity search index', pollIntervalMs, round: async () => ((await indexActivitySearch(knex, limit)) === limit ? 1 : 0) });
}

const workers = new Map<AppServices, PollingWorker>();

/**
 * Runs the indexing job while the app runs. Only with the PostgreSQL event store: with EventStoreDB
 * the events are not in this database, and a search reads the feed itself.
 */
export const activitySearchJob = {
  start(services: AppServices): void {
    if (services.eventStore.kind !== 'postgres') return;
    const worker = activitySearchWorker(services.knex, services.db.engine);
    workers.set(services, worker);
    worker.start();
  },
  async stop(services: AppServices): Promise<void> {
    await workers.get(services)?.stop();
    workers.delete(services);
  },
};
