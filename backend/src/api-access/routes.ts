import Router from '@koa/router';
import { signedInUser } from '../auth/authenticate.ts';
import { NotFoundError } from '../http/errors.ts';
import { credentialAnswers } from '../http/security-headers.ts';
import { uuidParam } from '../outreach/schemas.ts';
import type { AppServices } from '../services.ts';
import { apiKeyRecord, createApiKey, createApiKeyBody, deleteApiKey, listApiKeys } from './api-keys.ts';
import type { PublicApiKeys } from './public-api.ts';

/** `/api/data/api-keys`: the signed-in user's keys for the public API. */
export function apiKeyRoutes(services: AppServices, keys: PublicApiKeys): Router {
  const router = new Router({ prefix: '/api/data/api-keys' });
  router.get('/', async (ctx) => {
    const rows = await listApiKeys(services.knex, signedInUser(ctx.state).id);
    ctx.set('Content-Range', `api-keys 0-${Math.max(rows.length - 1, 0)}/${rows.length}`);
    ctx.set('Access-Control-Expose-Headers', 'Content-Range');
    ctx.body = rows.map(apiKeyRecord);
  });
  router.post('/', credentialAnswers, async (ctx) => {
    const { name } = createApiKeyBody.parse(ctx.request.body ?? {});
    ctx.status = 201;
    ctx.body = await createApiKey(services.knex, signedInUser(ctx.state).id, name);
  });
  router.delete('/:id', async (ctx) => {
    const id = uuidParam.safeParse(ctx.params.id);
    if (!id.success || !(await deleteApiKey(services.knex, signedInUser(ctx.state).id, id.data))) throw new NotFoundError('API key');
    keys.forget(id.data);
    ctx.body = { id: id.data };
  });
  return router;
}
