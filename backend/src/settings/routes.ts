import Router from '@koa/router';
import { signedInUser } from '../auth/authenticate.ts';
import type { Feature } from '../services.ts';
import { readSettingsView, saveSettings, settingsBody, warnOfKeysSealedElsewhere } from './settings.ts';

/** GET and PUT /api/data/settings: the signed-in user's provider keys (as previews) and mail domain. */
export const settingsFeature: Feature = {
  name: 'settings',
  routes: ({ knex, secrets }) => {
    const router = new Router({ prefix: '/api/data/settings' });
    router.get('/', async (ctx) => {
      ctx.body = await readSettingsView(knex, secrets, signedInUser(ctx.state).id);
    });
    router.put('/', async (ctx) => {
      const userId = signedInUser(ctx.state).id;
      await saveSettings(knex, secrets, userId, settingsBody.parse(ctx.request.body ?? {}));
      ctx.body = await readSettingsView(knex, secrets, userId);
    });
    return router;
  },
  start: ({ knex, secrets }) => warnOfKeysSealedElsewhere(knex, secrets),
};
