import { toDomainEvent } from '../backend/src/events/registry.ts';
import { enrolmentEvents, type EnrolmentEvent } from '../backend/src/outreach/enrolments/events.ts';
import type { Projection } from './projection.ts';
import { insertRow, updateRow } from './versioned-rows.ts';

const enrolmentIdOf = (streamId: string) => streamId.slice('enrolment-'.length);

/**
 * One row per enrolment: its status, the step to run next and when, and counts for the workflow's
 * statistics. Ended enrolments stay (statistics count them). Not buffered on rebuild: counts are
 * incremented in SQL.
 */
export const enrolmentsProjection: Projection = {
  name: 'enrolments',
  tables: ['enrolments'],
  handles: Object.keys(enrolmentEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<EnrolmentEvent>(recorded);
    const key = { id: enrolmentIdOf(recorded.streamId) };
    switch (event.type) {
      case 'EnrolmentStarted': {
        const { enrolmentId, ownerId, workflowId, workflowName, steps, contactId, contactName, bankId, bankName, timeZone, startedAt } = event.data;
        return insertRow(trx, 'enrolments', recorded, {
          id: enrolmentId,
          user_id: ownerId,
          workflow_id: workflowId,
          workflow_name: workflowName,
          contact_id: contactId,
          contact_name: contactName,
          bank_id: bankId,
          bank_name: bankName,
          time_zone: timeZone,
          steps: JSON.stringify(steps),
          status: 'active',
          next_step_index: 0,
          started_at: startedAt,
        });
      }
      case 'StepScheduled':
        return updateRow(trx, 'enrolments', key, recorded, { next_step_index: event.data.stepIndex, next_due_at: event.data.dueAt });
      case 'StepSent':
        return updateRow(trx, 'enrolments', key, recorded, {
          next_step_index: event.data.stepIndex + 1,
          next_due_at: null,
          steps_sent: trx.raw('steps_sent + 1'),
          ...(event.data.emailId ? { emails_sent: trx.raw('emails_sent + 1'), last_email_id: event.data.emailId } : {}),
        });
      case 'StepSkipped':
        return updateRow(trx, 'enrolments', key, recorded, { next_step_index: event.data.stepIndex + 1, next_due_at: null, steps_skipped: trx.raw('steps_skipped + 1') });
      case 'EnrolmentPaused':
        return updateRow(trx, 'enrolments', key, recorded, { status: 'paused' });
      case 'EnrolmentResumed':
        return updateRow(trx, 'enrolments', key, recorded, { status: 'active' });
      case 'EnrolmentStopped':
        return updateRow(trx, 'enrolments', key, recorded, {
          status: 'stopped',
          stop_reason: event.data.reason,
          stop_detail: event.data.detail,
          next_due_at: null,
          ended_at: event.data.stoppedAt,
        });
      case 'EnrolmentCompleted':
        return updateRow(trx, 'enrolments', key, recorded, { status: 'completed', next_due_at: null, ended_at: event.data.completedAt });
    }
  },
};
