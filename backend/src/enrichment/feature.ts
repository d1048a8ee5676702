import type { Feature } from '../services.ts';
import { hunterRoutes } from './hunter/routes.ts';
import { linkedinRoutes } from './linkedin/routes.ts';

/** Contact finding and checking through outside services: Hunter.io (the user's key) and LinkedIn links. */
export const enrichmentFeature: Feature = {
  name: 'enrichment',
  routes: (services) => [hunterRoutes(services), linkedinRoutes(services)],
};
