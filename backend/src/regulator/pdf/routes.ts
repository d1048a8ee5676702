import Router from '@koa/router';
import { z } from 'zod';
import { certParamSchema } from '../../../../domain/cert.ts';
import { BadRequestError, HttpError } from '../../http/errors.ts';
import { timeZoneParam } from '../../settings/settings.ts';
import type { AppServices, Feature } from '../../services.ts';
import { loadBankReportData } from './report-data.ts';

const reportRequest = z.object({
  cert: certParamSchema('cert'),
  /** The reader's time zone, for the time the report says it was made. */
  timeZone: timeZoneParam.optional(),
});

function fileName(name: string, cert: number): string {
  const slug = name.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'bank';
  return `${slug}-${cert}-report.pdf`;
}

/** POST /api/services/pdf/report {cert, timeZone?}: the bank's PDF report, rendered on the server. */
export function pdfReportRoutes(services: AppServices): Router {
  const router = new Router({ prefix: '/api/services/pdf' });
  router.post('/report', async (ctx) => {
    const parsed = reportRequest.safeParse(ctx.request.body ?? {});
    if (!parsed.success) {
      const [issue] = parsed.error.issues;
      throw new BadRequestError(issue.path[0] === 'timeZone' ? issue.message : 'Send the bank as {"cert": <FDIC certificate number>}: cert must be a positive whole number.');
    }
    const { cert, timeZone } = parsed.data;
    const data = await loadBankReportData(services.knex, cert);
    if (!data) throw new HttpError(404, `No bank with FDIC certificate number ${cert} was found, so there is no report to generate.`);
    // The PDF library is loaded on the first report, not at start: most servers never make one.
    const { renderBankReport } = await import('./report.ts');
    const pdf = await renderBankReport(data, { timeZone });
    ctx.type = 'application/pdf';
    ctx.set('Content-Disposition', `attachment; filename="${fileName(data.name, cert)}"`);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = pdf;
  });
  return router;
}

export const pdfReportFeature: Feature = { name: 'pdf-report', routes: pdfReportRoutes };
