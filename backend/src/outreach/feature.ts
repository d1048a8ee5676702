import type { Feature } from '../services.ts';
import { activityRoutes } from './activity-routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { templateRoutes } from './templates/routes.ts';

/** Targets, contacts, tasks, templates, workflows and sent mail: event-sourced, read from projections. */
export const outreachFeature: Feature = {
  name: 'outreach',
  routes: (services) => [activityRoutes(services), taskRoutes(services), templateRoutes(services)],
};
