import Router from '@koa/router';
import { signedInUser } from '../auth/authenticate.ts';
import { NotFoundError } from '../http/errors.ts';
import { dispatchesInline, type MailFeature } from '../mail/feature.ts';
import { startEnrolmentsBody } from '../outreach/enrolments/commands.ts';
import { enrolmentRoutes, enrolmentsResource, workflowStatistics } from '../outreach/enrolments/routes.ts';
import { uuidParam } from '../outreach/schemas.ts';
import { suppressionRoutes } from '../outreach/suppressions/routes.ts';
import type { AppServices, Feature } from '../services.ts';
import { readAutomationSettings } from '../settings/settings.ts';
import { sendWindowOf, startEnrolments, type Clock } from './enrol.ts';
import { createScheduler, type Scheduler, type SchedulerOptions } from './scheduler.ts';
import { scheduleAt } from './send-window.ts';
import { rescheduleForSendWindow } from './send-window-change.ts';
import { unsubscribeRoutes } from './unsubscribe-routes.ts';

export type AutomationFeatureOptions = {
  /** The clock and the dice (tests move time forward). */
  clock?: Partial<Clock>;
  /** Scheduler tuning (tests, benchmarks). */
  scheduler?: Partial<Pick<SchedulerOptions, 'batchSize' | 'concurrency' | 'pollIntervalMs'>>;
};

export type AutomationFeature = Feature & {
  /** The app's scheduler when this process runs one. */
  schedulerFor(services: AppServices): Scheduler | undefined;
  /** Moves the user's scheduled steps to the send window they just saved; answers how many moved. */
  rescheduleForSendWindow(services: AppServices, userId: string): Promise<number>;
};

/**
 * Automation: enrolments (start from a workflow, list, pause, resume, stop, statistics), the Do Not
 * Contact list, the public unsubscribe link, and the scheduler running due steps. The scheduler runs
 * where the outbox dispatcher runs: in this process with the embedded database, in `npm run worker`
 * with PostgreSQL (MAIL_DISPATCH decides both).
 */
export function createAutomationFeature(mail: MailFeature, options: AutomationFeatureOptions = {}): AutomationFeature {
  const clock: Clock = { now: () => new Date(), random: Math.random, spreadMinutes: 10, ...options.clock };
  const schedulers = new Map<AppServices, Scheduler | undefined>();

  const schedulerFor = (services: AppServices): Scheduler | undefined => {
    if (!schedulers.has(services)) {
      schedulers.set(
        services,
        dispatchesInline(services.config)
          ? createScheduler({
              knex: services.knex,
              eventStore: services.eventStore,
              outbox: mail.outboxFor(services),
              publicUrl: services.config.publicUrl,
              linkSecret: services.jwtSecret,
              ...clock,
              ...options.scheduler,
            })
          : undefined,
      );
    }
    return schedulers.get(services);
  };

  const routes = (services: AppServices): Router[] => {
    const { knex, eventStore } = services;
    const wake = () => schedulerFor(services)?.wake();
    const workflows = new Router({ prefix: '/api/data/workflows' });
    const workflowOf = async (userId: string, rawId: string) => {
      const id = uuidParam.safeParse(rawId);
      const workflow = id.success ? await knex('workflows').where({ id: id.data, user_id: userId }).first('id') : undefined;
      if (!workflow) throw new NotFoundError('Workflow');
      return workflow.id as string;
    };
    workflows.post('/:id/enrolments', async (ctx) => {
      const userId = signedInUser(ctx.state).id;
      const workflowId = await workflowOf(userId, ctx.params.id);
      const { contactIds } = startEnrolmentsBody.parse(ctx.request.body ?? {});
      const ids = await startEnrolments({ knex, eventStore, clock }, { userId, workflowId, contactIds });
      wake();
      const rows = await enrolmentsResource.rows(knex, userId).whereIn('enrolments.id', ids).orderBy('enrolments.contact_name');
      ctx.status = 201;
      ctx.body = { enrolments: rows.map(enrolmentsResource.toApi) };
    });
    workflows.get('/:id/statistics', async (ctx) => {
      const userId = signedInUser(ctx.state).id;
      ctx.body = await workflowStatistics(knex, userId, await workflowOf(userId, ctx.params.id));
    });
    const enrolments = enrolmentRoutes(services, {
      wake,
      async dueAfterResume(userId, row) {
        const window = sendWindowOf(await readAutomationSettings(knex, userId), row.bank_state);
        const now = clock.now();
        const earliest = row.next_due_at && row.next_due_at > now ? row.next_due_at : now;
        return scheduleAt(window, earliest, { random: clock.random, spreadMinutes: clock.spreadMinutes }).toISOString();
      },
    });
    return [workflows, enrolments, suppressionRoutes(services), unsubscribeRoutes(services)];
  };

  return {
    name: 'automation',
    routes,
    start(services) {
      schedulerFor(services)?.start();
    },
    async stop(services) {
      const scheduler = schedulers.get(services);
      schedulers.delete(services);
      await scheduler?.stop();
    },
    schedulerFor,
    async rescheduleForSendWindow(services, userId) {
      const moved = await rescheduleForSendWindow({ knex: services.knex, eventStore: services.eventStore, clock }, userId);
      // a step brought forward may be due at once
      if (moved > 0) schedulerFor(services)?.wake();
      return moved;
    },
  };
}
