import Router from '@koa/router';
import { signedInUser } from '../auth/authenticate.ts';
import type { AppServices, Feature } from '../services.ts';
import { readAutomationSettings, readSettingsView, saveSettings, sendWindowChanged, settingsBody, warnOfKeysSealedElsewhere } from './settings.ts';

export type SettingsFeatureOptions = {
  /** Moves the user's scheduled automation steps to a send window just changed; answers how many moved. */
  afterSendWindowChange?: (services: AppServices, userId: string) => Promise<number>;
};

/**
 * GET and PUT /api/data/settings: the signed-in user's provider keys (as previews), mail domain and
 * automation settings. A PUT that changed the send window answers `rescheduledSteps` too.
 */
export function createSettingsFeature(options: SettingsFeatureOptions = {}): Feature {
  return {
    name: 'settings',
    routes: (services) => {
      const { knex, secrets } = services;
      const router = new Router({ prefix: '/api/data/settings' });
      router.get('/', async (ctx) => {
        ctx.body = await readSettingsView(knex, secrets, signedInUser(ctx.state).id);
      });
      router.put('/', async (ctx) => {
        const userId = signedInUser(ctx.state).id;
        const before = await readAutomationSettings(knex, userId);
        await saveSettings(knex, secrets, userId, settingsBody.parse(ctx.request.body ?? {}));
        const view = await readSettingsView(knex, secrets, userId);
        ctx.body = options.afterSendWindowChange && sendWindowChanged(before, view) ? { ...view, rescheduledSteps: await options.afterSendWindowChange(services, userId) } : view;
      });
      return router;
    },
    start: ({ knex, secrets }) => warnOfKeysSealedElsewhere(knex, secrets),
  };
}
