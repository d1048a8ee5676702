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
    const added = { email: normalisedEmail(email), reason: 'manual' as const, contact_id: null, detail: detail || 'Added by you.', created_at: new Date() };
    await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), {
      type: 'SuppressAddress',
      userId,
      email,
      reason: added.reason,
      contactId: added.contact_id,
      detail: added.detail,
      at: added.created_at.toISOString(),
    });
    ctx.status = 201;
    // as listed (an address already there keeps its first reason), or as added when another request took it off meanwhile
    ctx.body = toApi((await readAfterCommit(() => rows(userId).where('email', added.email).first())) ?? added);
  });

  router.delete('/:email', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const email = normalisedEmail(ctx.params.email);
    const row: SuppressionRow | undefined = await rows(userId).where('email', email).first();
    await handleCommand(eventStore, suppressionDecider, suppressionStreamId(userId), { type: 'UnsuppressAddress', userId, email });
    // the address as it was listed; one added by another request since the list was read is known by its address alone
    ctx.body = row ? toApi(row) : { id: email, email };
  });

  return router;
}
