import Router from '@koa/router';
import { z } from 'zod';
import { certParamSchema } from '../../../domain/cert.ts';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError } from '../http/errors.ts';
import type { AppServices, Feature } from '../services.ts';
import { creditBoxRequestSchema, creditBoxSearchJson } from './queries/credit-box.ts';
import { bankOverview } from './queries/bank-overview.ts';
import { regulatorDataTag } from './engine/cache.ts';
import { dashboard } from './queries/dashboard.ts';
import { unfinishedDemoLoad } from './bootstrap.ts';
import {
  censusProfile,
  dataStatus,
  demographics,
  failures,
  fieldMap,
  financialHistory,
  financialRecords,
  historyEvents,
  institutionRecord,
  keyFinancials,
  listQuarters,
  locations,
  overview,
  pageQuerySchema,
  peers,
  peersQuerySchema,
  summaryOfDeposits,
} from './queries/detail.ts';
import { parseFilter } from './filter-language.ts';
import { queryRecordsJson, recordsQuerySchema } from './queries/records.ts';
import { roaqRiskBands, type RoaqBand } from '../../../domain/risk.ts';
import { quarterSchema } from '../../../domain/quarter.ts';
import { startScreeningWarmUp, type ScreeningWarmUp } from './screening-warm-up.ts';

/**
 * Read endpoints over the regulator mirror: the FDIC BankFind and Census paths and answer shapes the
 * screens were written against, answered from our own tables.
 * Every path here is behind the sign-in guard (app.ts protects /api/services and /api/data).
 */

const quarterQuery = z.object({ quarter: quarterSchema.optional() });

function certParam(value: string | undefined): number {
  const parsed = certParamSchema('cert').safeParse(value);
  if (!parsed.success) throw new BadRequestError(parsed.error.issues[0].message);
  return parsed.data;
}

const warmUps = new Map<AppServices, ScreeningWarmUp>();

export const regulatorFeature: Feature = {
  name: 'regulator-data',
  start(services) {
    warmUps.set(services, startScreeningWarmUp(services.knex));
  },
  async stop(services) {
    await warmUps.get(services)?.stop();
    warmUps.delete(services);
  },
  routes: ({ knex }) => {
    const fdic = new Router({ prefix: '/api/services/fdic' });

    fdic.get('/institutions', async (ctx) => {
      ctx.type = 'application/json';
      ctx.body = await queryRecordsJson(knex, 'institutions', recordsQuerySchema.parse(ctx.query));
    });
    fdic.get('/financials-query', async (ctx) => {
      ctx.type = 'application/json';
      ctx.body = await queryRecordsJson(knex, 'financials', recordsQuerySchema.parse(ctx.query));
    });
    // The first screen of a bank's detail in one call (institution, quarters, key figures, risk, peers).
    // It changes only with the mirror, so its ETag is the data version: a browser opening the same
    // bank again revalidates and gets a 304 without the overview being built.
    fdic.get('/bank/:cert/overview', async (ctx) => {
      const cert = certParam(ctx.params.cert);
      const tag = `W/"regulator-${await regulatorDataTag(knex)}"`;
      ctx.set('Cache-Control', 'private, no-cache');
      if (ctx.get('If-None-Match').split(',').some((sent) => sent.trim() === tag)) {
        ctx.set('ETag', tag);
        ctx.status = 304;
        return;
      }
      ctx.body = await bankOverview(knex, cert);
      ctx.set('ETag', tag);
    });
    fdic.get('/institutions/:cert', async (ctx) => {
      ctx.body = await institutionRecord(knex, certParam(ctx.params.cert));
    });
    fdic.get('/financials/key/:id', async (ctx) => {
      ctx.body = await keyFinancials(knex, certParam(ctx.params.id));
    });
    fdic.get('/financials/history/:cert', async (ctx) => {
      ctx.body = await financialHistory(knex, certParam(ctx.params.cert));
    });
    fdic.get('/financials/:cert', async (ctx) => {
      ctx.body = await financialRecords(knex, certParam(ctx.params.cert), quarterQuery.parse(ctx.query).quarter);
    });
    fdic.get('/locations/:cert', async (ctx) => {
      ctx.body = await locations(knex, certParam(ctx.params.cert), pageQuerySchema.parse(ctx.query));
    });
    fdic.get('/sod/:cert', async (ctx) => {
      ctx.body = await summaryOfDeposits(knex, certParam(ctx.params.cert), pageQuerySchema.parse(ctx.query));
    });
    fdic.get('/history/:cert', async (ctx) => {
      ctx.body = await historyEvents(knex, certParam(ctx.params.cert), pageQuerySchema.parse(ctx.query));
    });
    fdic.get('/failures/:id', async (ctx) => {
      ctx.body = await failures(knex, certParam(ctx.params.id));
    });
    fdic.get('/summary/:id', async (ctx) => {
      ctx.body = await overview(knex, certParam(ctx.params.id));
    });
    fdic.get('/demographics/:cert', async (ctx) => {
      ctx.body = await demographics(knex, certParam(ctx.params.cert));
    });
    fdic.get('/quarters', async (ctx) => {
      ctx.body = await listQuarters(knex);
    });
    fdic.get('/field-map', async (ctx) => {
      ctx.body = await fieldMap(knex);
    });
    fdic.get('/data-status', async (ctx) => {
      // The demo load's progress is read fresh on every call: screens poll it while a first start loads.
      const [status, demoLoad] = await Promise.all([dataStatus(knex), unfinishedDemoLoad(knex)]);
      ctx.body = { ...status, demoLoad };
    });
    fdic.get('/peers', async (ctx) => {
      ctx.body = await peers(knex, peersQuerySchema.parse(ctx.query));
    });
    fdic.get('/dashboard', async (ctx) => {
      ctx.body = await dashboard(knex, quarterQuery.parse(ctx.query).quarter);
    });
    // The risk category list of the dashboard (active banks by quarterly ROA, largest first): a shortcut
    // for `/institutions?filters=ACTIVE:1 AND ROAQ:...&sort_by=ASSET&sort_order=DESC`.
    fdic.get('/risk-category/:band', async (ctx) => {
      const band = ctx.params.band as RoaqBand;
      if (!Object.hasOwn(roaqRiskBands, band)) throw new BadRequestError('Invalid risk category: use high, medium or low.');
      const query = recordsQuerySchema.parse({ limit: 20, sort_by: 'ASSET', sort_order: 'DESC', ...ctx.query });
      ctx.type = 'application/json';
      ctx.body = await queryRecordsJson(knex, 'financials', { ...query, filters: query.filters ?? 'ACTIVE:1' }, parseFilter(roaqRiskBands[band].filter));
    });

    const census = new Router({ prefix: '/api/services/census' });
    for (const kind of ['cbsa', 'csa'] as const) {
      census.get(`/${kind}/:id`, async (ctx) => {
        const code = z.string().trim().regex(/^\d{2,6}$/, 'The area code must be digits.').parse(ctx.params.id);
        ctx.body = await censusProfile(knex, kind, code);
      });
    }

    const data = new Router({ prefix: '/api/data/banks' });
    data.post('/credit-box-search', async (ctx) => {
      const request = creditBoxRequestSchema.parse(ctx.request.body ?? {});
      ctx.type = 'application/json';
      ctx.body = await creditBoxSearchJson(knex, request, signedInUser(ctx.state).id);
    });

    return [fdic, census, data];
  },
};
