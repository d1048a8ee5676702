import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError, NotFoundError } from '../http/errors.ts';
import { noQueryParams, queryParams, sentQueryParams } from '../http/query-params.ts';
import type { AppServices, Feature } from '../services.ts';
import { revealPersonalData } from '../privacy/personal-data.ts';
import { timeZoneParam } from '../settings/settings.ts';
import { reportStateAsOf, reportStateFromStore } from './replay.ts';
import { reportNames, reports, type ReportName } from './reports.ts';

const reportQuery = queryParams({
  asOf: z.iso.datetime({ offset: true, error: 'asOf must be an ISO date-time like 2026-11-25T12:00:00Z.' }).optional(),
  timeZone: timeZoneParam.default('UTC'),
});

/**
 * GET /api/reports/{name}?asOf=<ISO date-time>&timeZone=<IANA zone>: a report computed from the
 * signed-in user's events up to that moment (now when absent or empty), its weeks counted in that
 * zone (UTC when absent or empty). `overview` answers every report from one replay (the Reports screen). GET
 * /api/reports lists the report names.
 */
export function reportRoutes({ knex, eventStore }: AppServices): Router {
  const router = new Router({ prefix: '/api/reports' });
  router.get('/', (ctx) => {
    noQueryParams.parse(ctx.query);
    ctx.body = [...reportNames, 'overview'];
  });
  router.get('/:name', async (ctx) => {
    const user = signedInUser(ctx.state);
    const name = ctx.params.name;
    if (name !== 'overview' && !reportNames.includes(name as ReportName)) throw new NotFoundError(`Report "${name}"`);
    const parsed = reportQuery.safeParse(sentQueryParams(ctx.query));
    if (!parsed.success) throw new BadRequestError(parsed.error.issues[0].message);
    const asOf = parsed.data.asOf ? new Date(parsed.data.asOf) : new Date();
    // a moment still to come has no weeks yet to show
    const options = { timeZone: parsed.data.timeZone, until: new Date(Math.min(asOf.getTime(), Date.now())) };
    // With EventStoreDB the events table is empty: the events are read from the store itself.
    const { state } = eventStore.kind === 'postgres' ? await reportStateAsOf(knex, user.id, asOf, revealPersonalData) : await reportStateFromStore(eventStore, user.id, asOf);
    if (name === 'overview') {
      ctx.body = { name, asOf: asOf.toISOString(), reports: Object.fromEntries(reportNames.map((report) => [report, reports[report](state, options)])) };
      return;
    }
    ctx.body = { name, asOf: asOf.toISOString(), rows: reports[name as ReportName](state, options) };
  });
  return router;
}

export const reportsFeature: Feature = { name: 'reports', routes: (services) => reportRoutes(services) };
