import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../../auth/authenticate.ts';
import { handleCommand } from '../../commands/handle-command.ts';
import { readAfterCommit } from '../../http/errors.ts';
import { respondWithList } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import { addSuppressionBody } from './commands.ts';
import { normalisedEmail, suppressionDecider } from './decider.ts';
import { suppressionStreamId } from './events.ts';

type SuppressionRow = { email: string; reason: string; contact_id: string | null; detail: string | null; created_at: Date };

const toApi = (row: SuppressionRow) => ({ id: row.email, email: row.email, reason: row.reason, contactId: row.contact_id, detail: row.detail, createdAt: row.created_at.toISOString() });

/** The signed-in user's Do Not Contact list: list, add an address, take one off. An address is its own id. */
export function suppressionRoutes(services: AppServices): Router {
  const { knex, eventStore } = services;
  const router = new Router({ prefix: '/api/data/suppressions' });
  const rows = (userId: string) => knex('suppressions').where('user_id', userId).select('suppressions.*');

  router.get('/', async (ctx) => {
    await respondWithList<SuppressionRow>(
      ctx,
      knex,
      'suppressions',
      rows(signedInUser(ctx.state).id),
      {
        idColumn: 'email',
        idSchema: z.string(),
        sortable: { createdAt: 'created_at', email: 'email', reason: 'reason', id: 'email' },
        defaultSort: { field: 'createdAt', order: 'DESC' },
        searchColumns: ['email'],
      },
      toApi,
    );
  });

  router.post('/', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const { email, detail } = addSuppressionBody.parse(ctx.request.body ?? {});
    await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), {
      type: 'SuppressAddress',
      userId,
      email,
      reason: 'manual',
      contactId: null,
      detail: detail || 'Added by you.',
      at: new Date().toISOString(),
    });
    ctx.status = 201;
    ctx.body = toApi(await readAfterCommit(() => rows(userId).where('email', normalisedEmail(email)).first()));
  });

  router.delete('/:email', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const email = normalisedEmail(ctx.params.email);
    const row = await rows(userId).where('email', email).first();
    await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), { type: 'UnsuppressAddress', userId, email });
    ctx.body = toApi(row);
  });

  return router;
}
