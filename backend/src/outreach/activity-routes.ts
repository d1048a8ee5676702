import Router from '@koa/router';
import { z } from 'zod';
import { signedInUser } from '../auth/authenticate.ts';
import { BadRequestError } from '../http/errors.ts';
import { respondWithList } from '../http/simple-rest.ts';
import type { AppServices } from '../services.ts';

type ActivityRow = {
  global_position: number;
  resource: string;
  record_id: string;
  event_type: string;
  summary: string;
  changes: Record<string, unknown>;
  source: string | null;
  stream_version: number;
  occurred_at: Date;
};

const sinceSchema = z.iso.datetime({ offset: true, error: 'since must be an ISO date-time.' });

/** GET /api/data/activity: the signed-in user's outreach activity, newest first by default. */
export function activityRoutes({ knex }: AppServices): Router {
  const router = new Router({ prefix: '/api/data/activity' });
  router.get('/', async (ctx) => {
    const user = signedInUser(ctx.state);
    await respondWithList<ActivityRow>(
      ctx,
      'activity',
      knex('activity').where('user_id', user.id),
      {
        idColumn: 'global_position',
        // An activity row's id is its event's position in the store: a whole number.
        idSchema: z.string().regex(/^\d{1,18}$/),
        sortable: { occurredAt: 'occurred_at', id: 'global_position', resource: 'resource' },
        defaultSort: { field: 'occurredAt', order: 'DESC' },
        filters: {
          resource: (query, value) => query.where('resource', String(value)),
          recordId: (query, value) => query.where('record_id', String(value)),
          since: (query, value) => {
            const since = sinceSchema.safeParse(value);
            if (!since.success) throw new BadRequestError('since must be an ISO date-time.');
            query.where('occurred_at', '>=', since.data);
          },
        },
        searchColumns: ['summary'],
      },
      (row) => ({
        id: row.global_position,
        resource: row.resource,
        recordId: row.record_id,
        type: row.event_type,
        summary: row.summary,
        changes: row.changes,
        source: row.source,
        version: row.stream_version,
        occurredAt: row.occurred_at.toISOString(),
      }),
    );
  });
  return router;
}
