import { finishErasuresOfOlderBuilds } from '../privacy/finish-erasures.ts';
import type { Feature } from '../services.ts';
import { activityRoutes } from './activity-routes.ts';
import { activitySearchJob } from './activity-search.ts';
import { contactRoutes } from './contacts/routes.ts';
import { targetRoutes } from './targets/routes.ts';
import { taskRoutes } from './tasks/routes.ts';
import { templateRoutes } from './templates/routes.ts';
import { workflowRoutes } from './workflows/routes.ts';
import { sentEmailRoutes } from './sent-emails/routes.ts';

/** Targets, contacts, tasks, templates, workflows and sent mail: event-sourced, read from projections. */
export const outreachFeature: Feature = {
  name: 'outreach',
  routes: (services) => [activityRoutes(services), targetRoutes(services), contactRoutes(services), taskRoutes(services), templateRoutes(services), workflowRoutes(services), sentEmailRoutes(services)],
  async start(services) {
    // before the automation starts: an enrolment an older version left running for an erased contact stops first
    if (services.config.runsStartupJobs) await finishErasuresOfOlderBuilds(services);
    activitySearchJob.start(services);
  },
  stop: (services) => activitySearchJob.stop(services),
};
