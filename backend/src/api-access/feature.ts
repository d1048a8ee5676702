import type { Feature } from '../services.ts';
import { publicApiKeys, publicApiRoutes } from './public-api.ts';
import { apiKeyRoutes } from './routes.ts';

/** API keys (Settings → API Access) and the public API they open. */
export const apiAccessFeature: Feature = {
  name: 'api-access',
  routes: (services) => {
    const keys = publicApiKeys(services.knex);
    return [apiKeyRoutes(services, keys), publicApiRoutes(services, keys)];
  },
};
