import { enrolmentEvents } from '../backend/src/outreach/enrolments/events.ts';
import { defineRowProjection, increment, insert, update } from './row-projection.ts';

/**
 * One row per enrolment: its status, the step to run next and when, and counts for the workflow's
 * statistics. Ended enrolments stay (statistics count them).
 */
export const enrolmentsProjection = defineRowProjection(
  { name: 'enrolments', title: 'Automation enrolments', table: 'enrolments', key: ['id'], version: 1, events: enrolmentEvents, streamKey: (streamId) => ({ id: streamId.slice('enrolment-'.length) }) },
  {
    EnrolmentStarted: ({ enrolmentId, ownerId, workflowId, workflowName, steps, contactId, contactName, bankId, bankName, timeZone, startedAt, bankClosedWhenStarted }) =>
      insert({
        id: enrolmentId,
        user_id: ownerId,
        workflow_id: workflowId,
        workflow_name: workflowName,
        contact_id: contactId,
        contact_name: contactName,
        bank_id: bankId,
        bank_name: bankName,
        time_zone: timeZone,
        steps,
        status: 'active',
        next_step_index: 0,
        started_at: startedAt,
        bank_closed_when_started: bankClosedWhenStarted ?? false,
      }),
    StepScheduled: (data) => update({ next_step_index: data.stepIndex, next_due_at: data.dueAt }),
    StepSent: (data) =>
      update({
        next_step_index: data.stepIndex + 1,
        next_due_at: null,
        steps_sent: increment(),
        ...(data.emailId ? { emails_sent: increment(), last_email_id: data.emailId } : {}),
      }),
    StepSkipped: (data) => update({ next_step_index: data.stepIndex + 1, next_due_at: null, steps_skipped: increment() }),
    EnrolmentPaused: () => update({ status: 'paused' }),
    EnrolmentResumed: () => update({ status: 'active' }),
    EnrolmentStopped: (data) => update({ status: 'stopped', stop_reason: data.reason, stop_detail: data.detail, next_due_at: null, ended_at: data.stoppedAt }),
    EnrolmentCompleted: (data) => update({ status: 'completed', next_due_at: null, ended_at: data.completedAt }),
  },
);
