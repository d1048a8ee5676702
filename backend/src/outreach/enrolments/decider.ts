import type { Decider } from '../../commands/decider.ts';
import { Conflict, RecordNotFound } from '../../commands/errors.ts';
import { stopReasonInSentence } from '../../../../domain/records/enrolment.ts';
import type { WorkflowStep } from '../workflows/events.ts';
import type { EnrolmentCommand } from './commands.ts';
import { enrolmentEvents, type EnrolmentEvent, type StopReason } from './events.ts';

export type EnrolmentStatus = 'absent' | 'active' | 'paused' | 'stopped' | 'completed';

export type EnrolmentState = {
  status: EnrolmentStatus;
  ownerId?: string;
  workflowId?: string;
  contactId?: string;
  steps: WorkflowStep[];
  startedAt?: string;
  timeZone?: string;
  /** The step to run next (steps.length once every step ran). */
  nextStepIndex: number;
  /** When the step before it ran (sent or skipped); absent before the first. */
  lastStepAt?: string;
  dueAt: string | null;
  stopReason: StopReason | null;
};

const initialState = (): EnrolmentState => ({ status: 'absent', steps: [], nextStepIndex: 0, dueAt: null, stopReason: null });

const ended = (state: EnrolmentState) => state.status === 'stopped' || state.status === 'completed';

function endedMessage(state: EnrolmentState, action: string): string {
  const how = state.status === 'completed' ? 'completed' : state.stopReason ? `stopped (${stopReasonInSentence(state.stopReason)})` : 'stopped';
  return `This automation has already ${how}, so it cannot be ${action}.`;
}

/** After a step is done: the next one is scheduled, or the enrolment is complete. */
function afterStep(state: EnrolmentState, nextDueAt: string | null, at: string): EnrolmentEvent[] {
  const next = state.nextStepIndex + 1;
  if (next >= state.steps.length) return [enrolmentEvents.EnrolmentCompleted.create({ completedAt: at })];
  if (!nextDueAt) throw new Error(`Step ${next + 1} needs a time to be scheduled at.`);
  return [enrolmentEvents.StepScheduled.create({ stepIndex: next, dueAt: nextDueAt })];
}

function decide(command: EnrolmentCommand, state: EnrolmentState): EnrolmentEvent[] {
  if (command.type === 'StartEnrolment') {
    if (state.status !== 'absent') throw new Conflict('This enrolment already exists.');
    const { workflow, contact } = command;
    return [
      enrolmentEvents.EnrolmentStarted.create({
        enrolmentId: command.enrolmentId,
        ownerId: command.userId,
        workflowId: workflow.id,
        workflowName: workflow.name,
        steps: workflow.steps,
        contactId: contact.id,
        contactName: contact.name,
        bankId: contact.bankId,
        bankName: contact.bankName,
        timeZone: command.timeZone,
        startedAt: command.at,
        bankClosedWhenStarted: contact.bankClosed,
      }),
      enrolmentEvents.StepScheduled.create({ stepIndex: 0, dueAt: command.firstDueAt }),
    ];
  }
  if (state.status === 'absent' || state.ownerId !== command.userId) throw new RecordNotFound('Enrolment');
  switch (command.type) {
    // The scheduler's commands: a step already done, or an enrolment no longer running, is left as it is
    // (another worker got there first, or the user paused or stopped it meanwhile).
    case 'RecordStepSent':
      if (state.status !== 'active' || command.stepIndex !== state.nextStepIndex) return [];
      return [
        enrolmentEvents.StepSent.create({ stepIndex: command.stepIndex, sentAt: command.at, emailId: command.emailId, taskId: command.taskId }),
        ...afterStep(state, command.nextDueAt, command.at),
      ];
    case 'SkipStep':
      if (state.status !== 'active' || command.stepIndex !== state.nextStepIndex) return [];
      return [
        enrolmentEvents.StepSkipped.create({ stepIndex: command.stepIndex, skippedAt: command.at, reason: command.reason }),
        ...afterStep(state, command.nextDueAt, command.at),
      ];
    case 'RescheduleStep':
      if (state.status !== 'active' || command.stepIndex !== state.nextStepIndex || command.dueAt === state.dueAt) return [];
      return [enrolmentEvents.StepScheduled.create({ stepIndex: command.stepIndex, dueAt: command.dueAt, reason: command.reason })];
    case 'PauseEnrolment':
      if (ended(state)) throw new Conflict(endedMessage(state, 'paused'));
      return state.status === 'paused' ? [] : [enrolmentEvents.EnrolmentPaused.create({ pausedAt: command.at })];
    case 'ResumeEnrolment':
      if (ended(state)) throw new Conflict(endedMessage(state, 'resumed'));
      if (state.status === 'active') return [];
      return [
        enrolmentEvents.EnrolmentResumed.create({ resumedAt: command.at }),
        enrolmentEvents.StepScheduled.create({ stepIndex: state.nextStepIndex, dueAt: command.dueAt, reason: 'resumed' }),
      ];
    case 'StopEnrolment':
      // Stopping twice is harmless: several stop conditions may be noticed at once.
      if (ended(state)) return [];
      return [enrolmentEvents.EnrolmentStopped.create({ reason: command.reason, detail: command.detail, stoppedAt: command.at })];
  }
}

function evolve(state: EnrolmentState, event: EnrolmentEvent): EnrolmentState {
  switch (event.type) {
    case 'EnrolmentStarted':
      return {
        ...state,
        status: 'active',
        ownerId: event.data.ownerId,
        workflowId: event.data.workflowId,
        contactId: event.data.contactId,
        steps: event.data.steps,
        startedAt: event.data.startedAt,
        timeZone: event.data.timeZone,
      };
    case 'StepScheduled':
      return { ...state, nextStepIndex: event.data.stepIndex, dueAt: event.data.dueAt };
    case 'StepSent':
      return { ...state, nextStepIndex: event.data.stepIndex + 1, lastStepAt: event.data.sentAt, dueAt: null };
    case 'StepSkipped':
      return { ...state, nextStepIndex: event.data.stepIndex + 1, lastStepAt: event.data.skippedAt, dueAt: null };
    case 'EnrolmentPaused':
      return { ...state, status: 'paused' };
    case 'EnrolmentResumed':
      return { ...state, status: 'active' };
    case 'EnrolmentStopped':
      return { ...state, status: 'stopped', stopReason: event.data.reason, dueAt: null };
    case 'EnrolmentCompleted':
      return { ...state, status: 'completed', dueAt: null };
  }
}

export const enrolmentDecider: Decider<EnrolmentState, EnrolmentCommand, EnrolmentEvent> = { initialState, decide, evolve };
