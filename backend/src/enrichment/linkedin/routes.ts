import Router from '@koa/router';
import { z } from 'zod';
import type { AppServices } from '../../services.ts';
import { checkLinkedinUrl } from './check.ts';

const verifyBody = z.object({ url: z.string({ error: 'Enter the LinkedIn address to check.' }).max(2000, 'A web address can be at most 2,000 characters.') }).strict();

/** POST /api/services/linkedin/verify {url}: whether a linkedin.com address leads to a page, and where. */
export function linkedinRoutes({ config }: AppServices): Router {
  const router = new Router({ prefix: '/api/services/linkedin' });
  router.post('/verify', async (ctx) => {
    const { url } = verifyBody.parse(ctx.request.body ?? {});
    ctx.body = await checkLinkedinUrl(url, { rewriteOrigin: config.linkedinUrlRewrite });
  });
  return router;
}
