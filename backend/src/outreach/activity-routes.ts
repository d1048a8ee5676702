import Router from '@koa/router';
import type { Knex } from 'knex';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError } from '../http/errors.ts';
import { noQueryParams } from '../http/query-params.ts';
import { countRows, filterCert, listTotalColumn, narrowingFilters, respondWithList, searchPattern, type ListParams } from '../http/simple-rest.ts';
import { cachedAnswer } from '../read-cache/answers.ts';
import type { AppServices } from '../services.ts';
import type { ActivityDescription } from './activity.ts';
import { activitySearchCandidates, activitySearchMatches, activitySearchPage } from './activity-search.ts';
import { activityTotal } from './activity-total.ts';
import { activitySummary, outreachActivity } from './registry.ts';
import { eventSources } from '../../../domain/records/event-source.ts';
import { isOnCalendarDay } from '../../../domain/format.ts';

type ActivityRow = {
  global_position: number;
  resource: string;
  record_id: string;
  event_type: string;
  summary: string;
  changes: Record<string, unknown>;
  source: string | null;
  correlation_id: string | null;
  stream_version: number;
  occurred_at: Date;
};

/** Every record type and event type the feed can show, for the screen's filter choices. */
const eventTypes = (outreachActivity as ActivityDescription<{ type: string; data: any }>[]).flatMap((description) =>
  Object.keys(description.summaries).map((type) => ({ resource: description.resource, type })),
);
const resources = [...new Set(eventTypes.map((entry) => entry.resource))];
const knownTypes = new Set(eventTypes.map((entry) => entry.type));

const dateBound = (name: string) =>
  z.union([z.iso.datetime({ offset: true }), z.iso.date()], { error: `${name} must be a date like 2026-12-31 or an ISO date-time.` }).refine(isOnCalendarDay, `${name} must be a date like 2026-12-31 or an ISO date-time.`);

/**
 * Filters that decide on a row by its own columns, which an event never changes: their totals are
 * kept between counts (activity-total.ts). A bank's timeline is counted afresh (a later event naming
 * the bank brings its record's earlier rows in), and so is a search (a total kept per search typed
 * would pile up).
 */
const keptTotalFilters = new Set(['id', 'resource', 'type', 'recordId', 'source', 'correlationId', 'since', 'until']);

/** One value or a list of them, each one of `allowed`. */
function oneOf(column: string, allowed: Set<string>, label: string) {
  return (query: Knex.QueryBuilder, value: unknown) => {
    const values = (Array.isArray(value) ? value : [value]).map(String);
    const unknown = values.filter((candidate) => !allowed.has(candidate));
    if (unknown.length) throw new BadRequestError(`Unknown ${label}: ${unknown.join(', ')}.`);
    query.whereIn(column, values);
  };
}

/**
 * A bank's timeline: every record that ever named the bank, with all of its events. The records
 * are looked up through the index of a record's rows (user, resource, record id), each of those
 * given as a list: as `stream_id in (…)` the planner walked the user's whole feed newest first and
 * filtered it (190 ms at a million rows, against 20). A stream is one resource and record id, and
 * the stream ids make the match exact.
 */
export function bankTimeline(knex: Knex, userId: string, bankId: number) {
  const named = () => knex('activity').where({ user_id: userId, bank_id: bankId });
  return (query: Knex.QueryBuilder) =>
    query.whereRaw('?? = any(array(?)) and ?? = any(array(?)) and ?? = any(array(?))', [
      'resource',
      named().select('resource'),
      'record_id',
      named().select('record_id'),
      'stream_id',
      named().select('stream_id'),
    ]);
}

/** The feed's filters; `bankId` is a bank's timeline. */
function activityFilters(knex: Knex, userId: string): Record<string, (query: Knex.QueryBuilder, value: unknown) => void> {
  return {
    resource: oneOf('resource', new Set(resources), 'record type'),
    type: oneOf('event_type', knownTypes, 'event type'),
    recordId: (query, value) => query.where('record_id', String(value)),
    bankId: (query, value) => bankTimeline(knex, userId, filterCert(value, 'bankId'))(query),
    source: oneOf('source', new Set(eventSources), 'source'),
    correlationId: (query, value) => query.where('correlation_id', String(value)),
    since: (query, value) => query.where('occurred_at', '>=', parseBound('since', value)),
    // A bare date includes that whole day.
    until: (query, value) => {
      const bound = parseBound('until', value);
      if (bound.length === 10) query.where('occurred_at', '<', knex.raw("?::date + interval '1 day'", [bound]));
      else query.where('occurred_at', '<=', bound);
    },
  };
}

/**
 * A row's summary as its event reads now, from the event's data the row keeps: a row written before
 * a summary's wording changed (a category's label, a date written out) reads as a new one does. Data
 * a summary cannot read (kept in an older shape) leaves the words the row was written with.
 */
function currentSummary(row: ActivityRow): string {
  try {
    return activitySummary(row.event_type, row.changes) ?? row.summary;
  } catch {
    return row.summary;
  }
}

/** GET /api/data/activity: the signed-in user's outreach activity, newest first by default. */
export function activityRoutes(services: AppServices): Router {
  const { knex } = services;
  // A kept total needs the activity rows written in their events' transactions, in this database:
  // with EventStoreDB the rows come later, from async projectors, and every total is counted.
  const keepsTotals = services.eventStore.kind === 'postgres';
  // The search index is filled from this database's events: with EventStoreDB a search reads the feed.
  const indexesSearch = services.eventStore.kind === 'postgres';
  const router = new Router({ prefix: '/api/data/activity' });
  router.get('/types', (ctx) => {
    noQueryParams.parse(ctx.query);
    ctx.body = eventTypes;
  });
  router.get('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    const filters = activityFilters(knex, user.id);
    await cachedAnswer(services, ctx, user.id, (memo) => respondWithList<ActivityRow>(
      ctx,
      knex,
      'activity',
      knex('activity').where('user_id', user.id).select('activity.*'),
      {
        idColumn: 'global_position',
        // An activity row's id is its event's position in the store: a whole number.
        idSchema: z.string().regex(/^\d{1,18}$/),
        sortable: { occurredAt: 'occurred_at', id: 'global_position', resource: 'resource', type: 'event_type' },
        defaultSort: { field: 'occurredAt', order: 'DESC' },
        filters,
        checkFilter: refuseBackwardsRange,
        searchColumns: ['summary'],
        // The index's matches as a list, as the bank's timeline reads them: the planner then reads their rows by key.
        searchNarrowing: indexesSearch ? (pattern) => knex.raw('global_position = any(array(?))', [activitySearchCandidates(knex, user.id, pattern)]) : undefined,
        // A search in time order (the screen's own), narrowed by columns the index copies, is paged in the index.
        readElsewhere: indexesSearch ? (params) => (searchedInIndex(params) ? indexedSearch(knex, user.id, params, filters) : undefined) : undefined,
        count: (filtered, filter) =>
          keepsTotals && Object.keys(filter).every((key) => keptTotalFilters.has(key))
            ? activityTotal(knex, user.id, `activity ${JSON.stringify(filter)}`, filtered)
            : countRows(knex, filtered),
      },
      (row) => ({
        id: row.global_position,
        resource: row.resource,
        recordId: row.record_id,
        type: row.event_type,
        summary: currentSummary(row),
        changes: row.changes,
        source: row.source,
        correlationId: row.correlation_id,
        version: row.stream_version,
        occurredAt: row.occurred_at.toISOString(),
      }),
      memo,
    ));
  });
  return router;
}

/** The filters the search index applies itself: on the feed's own columns it copies. */
const filtersOfTheIndex = new Set(['q', 'resource', 'type', 'source', 'since', 'until']);

/** Whether a list is a search in time order, narrowed only by filters the index applies. */
const searchedInIndex = (params: ListParams) => {
  const keys = narrowingFilters(params.filter);
  return params.sort.field === 'occurredAt' && keys.includes('q') && keys.every((key) => filtersOfTheIndex.has(key));
};

/** A search's pages and count read through the search index, narrowed by the list's other filters. */
function indexedSearch(knex: Knex, userId: string, params: ListParams, filters: ReturnType<typeof activityFilters>) {
  const pattern = searchPattern(params.filter.q);
  const narrow = (query: Knex.QueryBuilder) => {
    for (const key of narrowingFilters(params.filter)) if (key !== 'q') filters[key](query, params.filter[key]);
  };
  return {
    page: (offset: number, limit: number) => activitySearchPage(knex, userId, pattern, { order: params.sort.order, offset, limit, totalAlias: listTotalColumn }, narrow),
    counted: () => activitySearchMatches(knex, userId, pattern, narrow),
  };
}

/** The message of a range whose since is after its until (the screen's From and Until). */
export const backwardsRangeMessage = 'since (From) is after until (Until): choose a From on or before the Until.';

/**
 * Refuses a range that ends before it starts: it matches nothing, and an empty list would read as
 * no activity in those days rather than dates the wrong way round. A bare date is its whole day (in
 * UTC, as the database compares it): since and until on one day make a range of that day.
 */
function refuseBackwardsRange(filter: Record<string, unknown>): void {
  const given = (value: unknown) => value !== undefined && value !== null && value !== '';
  if (!given(filter.since) || !given(filter.until)) return;
  const since = parseBound('since', filter.since);
  const until = parseBound('until', filter.until);
  const dayMs = 24 * 60 * 60 * 1000;
  const lastMoment = until.length === 10 ? Date.parse(until) + dayMs - 1 : Date.parse(until);
  if (Date.parse(since) > lastMoment) throw new BadRequestError(backwardsRangeMessage, { issues: [{ path: 'filter.since', message: backwardsRangeMessage }] });
}

function parseBound(name: string, value: unknown): string {
  const parsed = dateBound(name).safeParse(value);
  if (!parsed.success) throw new BadRequestError(`${name} must be a date like 2026-12-31 or an ISO date-time.`, { issues: [{ path: `filter.${name}`, message: parsed.error.issues[0].message }] });
  return parsed.data;
}
