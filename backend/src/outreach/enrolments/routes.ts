import type { Knex } from 'knex';
import { enrolmentStatuses, isRunningEnrolment, type EnrolmentRecord, type EnrolmentStatus, type EnrolmentStopReason, type WorkflowStatistics } from '../../../../domain/records/enrolment.ts';
import { signedInUser } from '../../auth/authenticate.ts';
import { BadRequestError, NotFoundError } from '../../http/errors.ts';
import { certFilter, textOrder } from '../../http/simple-rest.ts';
import type { AppServices } from '../../services.ts';
import { resourceRouter, runRecordCommand, type ResourceDefinition } from '../resource-routes.ts';
import { uuidParam } from '../schemas.ts';
import type { WorkflowStep } from '../workflows/events.ts';
import { manualStopDetail, stopEnrolmentBody, type EnrolmentCommand } from './commands.ts';
import { enrolmentDecider } from './decider.ts';
import { enrolmentStreamId } from './events.ts';
import { joinStopConditions, stopConditionColumns, stopReasonOf, type StopConditions } from './stop-conditions.ts';

export type EnrolmentRow = {
  id: string;
  workflow_id: string;
  workflow_name: string;
  contact_id: string;
  contact_name: string;
  bank_id: number;
  bank_name: string | null;
  bank_state: string | null;
  time_zone: string;
  steps: WorkflowStep[];
  status: string;
  stop_reason: string | null;
  stop_detail: string | null;
  next_step_index: number;
  next_due_at: Date | null;
  steps_sent: number;
  emails_sent: number;
  steps_skipped: number;
  started_at: Date;
  ended_at: Date | null;
  version: number;
  created_at: Date;
  updated_at: Date;
} & StopConditions;

function toApi(row: EnrolmentRow): EnrolmentRecord {
  const step = row.steps[row.next_step_index];
  const running = isRunningEnrolment(row.status);
  return {
    id: row.id,
    workflowId: row.workflow_id,
    workflowName: row.workflow_name,
    contactId: row.contact_id,
    contactName: row.contact_name,
    bankId: row.bank_id,
    bankName: row.bank_name,
    status: row.status as EnrolmentStatus,
    stopReason: row.stop_reason as EnrolmentStopReason | null,
    stopDetail: row.stop_detail,
    // A stop condition already holds (a reply, a deletion...): no further step runs, and the scheduler's next round records the stop.
    stopping: running ? stopReasonOf(row) : null,
    // What runs next and when (no time while paused: resuming schedules it again).
    nextStep: running && step ? { number: row.next_step_index + 1, day: step.day, type: step.type, dueAt: row.status === 'active' ? (row.next_due_at?.toISOString() ?? null) : null } : null,
    stepCount: row.steps.length,
    stepsSent: row.steps_sent,
    emailsSent: row.emails_sent,
    stepsSkipped: row.steps_skipped,
    timeZone: row.time_zone,
    startedAt: row.started_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
    version: row.version,
  };
}

export const enrolmentsResource: ResourceDefinition<EnrolmentCommand, EnrolmentRow> = {
  resource: 'enrolments',
  what: 'Enrolment',
  streamId: (id) => enrolmentStreamId(id),
  decider: enrolmentDecider,
  historyView: ({ status, nextStepIndex, dueAt, stopReason }) => ({ status, nextStep: nextStepIndex + 1, dueAt, stopReason }),
  rows: (knex: Knex, userId: string) =>
    joinStopConditions(knex, knex('enrolments'), 'enrolments')
      .where('enrolments.user_id', userId)
      .select('enrolments.*', 't.state as bank_state', ...stopConditionColumns(knex)),
  idColumn: 'enrolments.id',
  idSchema: uuidParam,
  list: {
    sortable: {
      startedAt: 'enrolments.started_at',
      nextDueAt: 'enrolments.next_due_at',
      contactName: textOrder('enrolments.contact_name'),
      workflowName: textOrder('enrolments.workflow_name'),
      status: 'enrolments.status',
      id: 'enrolments.id',
    },
    defaultSort: { field: 'startedAt', order: 'DESC' },
    filters: {
      workflowId: (query, value) => query.where('enrolments.workflow_id', uuidFilter('workflowId', value)),
      contactId: (query, value) => query.whereIn('enrolments.contact_id', (Array.isArray(value) ? value : [value]).map((id) => uuidFilter('contactId', id))),
      bankId: certFilter('enrolments.bank_id'),
      status: (query, value) => {
        const values = (Array.isArray(value) ? value : [value]).map(String);
        if (values.some((candidate) => !(enrolmentStatuses as readonly string[]).includes(candidate))) throw new BadRequestError(`status must be one of ${enrolmentStatuses.join(', ')}.`);
        query.whereIn('enrolments.status', values);
      },
    },
    searchColumns: ['enrolments.contact_name', 'enrolments.workflow_name', 'enrolments.bank_name'],
  },
  toApi,
};

function uuidFilter(name: string, value: unknown): string {
  const parsed = uuidParam.safeParse(value);
  if (!parsed.success) throw new BadRequestError(`${name} must be a record id.`);
  return parsed.data;
}

/** When a resumed enrolment's step runs: when it was due, or now if that passed, inside the window. */
export type ResumeScheduler = (userId: string, row: EnrolmentRow) => Promise<string>;

/** GET /api/data/enrolments (filter by workflowId, contactId, status), one, its history, and pause, resume, stop. */
export function enrolmentRoutes(services: AppServices, deps: { dueAfterResume: ResumeScheduler; wake: () => void }) {
  const router = resourceRouter(services, enrolmentsResource);
  const requireRow = async (userId: string, rawId: string) => {
    const id = uuidParam.safeParse(rawId);
    const row: EnrolmentRow | undefined = id.success ? await enrolmentsResource.rows(services.knex, userId).where('enrolments.id', id.data).first() : undefined;
    if (!row) throw new NotFoundError('Enrolment');
    return row;
  };
  router.put('/:id/pause', async (ctx) => {
    await runRecordCommand(ctx, services, enrolmentsResource, ctx.params.id, ({ userId, at }) => ({ type: 'PauseEnrolment' as const, userId, at }));
  });
  router.put('/:id/resume', async (ctx) => {
    const userId = signedInUser(ctx.state).id;
    const dueAt = await deps.dueAfterResume(userId, await requireRow(userId, ctx.params.id));
    await runRecordCommand(ctx, services, enrolmentsResource, ctx.params.id, ({ at }) => ({ type: 'ResumeEnrolment' as const, userId, at, dueAt }));
    deps.wake();
  });
  router.put('/:id/stop', async (ctx) => {
    const { detail } = stopEnrolmentBody.parse(ctx.request.body ?? {});
    await runRecordCommand(ctx, services, enrolmentsResource, ctx.params.id, ({ userId, at }) => ({
      type: 'StopEnrolment' as const,
      userId,
      at,
      reason: 'manual' as const,
      detail: detail || manualStopDetail,
    }));
  });
  return router;
}

/** Per-workflow outcomes: how many were enrolled, got a step, failed, replied, unsubscribed, completed. */
export async function workflowStatistics(knex: Knex, userId: string, workflowId: string): Promise<WorkflowStatistics> {
  const [row] = await knex('enrolments')
    .where({ user_id: userId, workflow_id: workflowId })
    .select(
      knex.raw('count(*)::int as enrolled'),
      knex.raw("count(*) filter (where status = 'active')::int as active"),
      knex.raw("count(*) filter (where status = 'paused')::int as paused"),
      knex.raw('count(*) filter (where steps_sent > 0)::int as sent'),
      knex.raw('coalesce(sum(emails_sent), 0)::int as emails_sent'),
      knex.raw("count(*) filter (where stop_reason = 'send-failed')::int as failed"),
      knex.raw("count(*) filter (where stop_reason = 'replied')::int as replied"),
      knex.raw("count(*) filter (where stop_reason = 'unsubscribed')::int as unsubscribed"),
      knex.raw("count(*) filter (where status = 'completed')::int as completed"),
      knex.raw("count(*) filter (where status = 'stopped')::int as stopped"),
    );
  return {
    enrolled: row.enrolled,
    active: row.active,
    paused: row.paused,
    sent: row.sent,
    emailsSent: row.emails_sent,
    failed: row.failed,
    replied: row.replied,
    unsubscribed: row.unsubscribed,
    completed: row.completed,
    stopped: row.stopped,
  };
}
