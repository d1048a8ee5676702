import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound } from '../../commands/errors.ts';
import type { EnrolmentCommand } from './commands.ts';
import { enrolmentDecider } from './decider.ts';
import type { EnrolmentEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const enrolmentId = '33333333-3333-4333-8333-333333333333';
const workflowId = '44444444-4444-4444-8444-444444444444';
const contactId = '55555555-5555-4555-8555-555555555555';
const templateId = '66666666-6666-4666-8666-666666666666';
const emailId = '77777777-7777-4777-8777-777777777777';
const at = '2026-11-23T14:00:00.000Z';
const steps = [
  { day: 1, type: 'Email' as const, templateId },
  { day: 3, type: 'LinkedIn Visit' as const },
];
const start: EnrolmentCommand = {
  type: 'StartEnrolment',
  enrolmentId,
  userId: owner,
  workflow: { id: workflowId, name: 'CFO sequence', steps },
  contact: { id: contactId, name: 'Jane Doe', bankId: 628, bankName: 'Alpha Bank', bankClosed: false },
  timeZone: 'America/New_York',
  at,
  firstDueAt: at,
};
const started: EnrolmentEvent = {
  type: 'EnrolmentStarted',
  data: { enrolmentId, ownerId: owner, workflowId, workflowName: 'CFO sequence', steps, contactId, contactName: 'Jane Doe', bankId: 628, bankName: 'Alpha Bank', timeZone: 'America/New_York', startedAt: at, bankClosedWhenStarted: false },
};
const firstScheduled: EnrolmentEvent = { type: 'StepScheduled', data: { stepIndex: 0, dueAt: at } };
const firstSent: EnrolmentEvent = { type: 'StepSent', data: { stepIndex: 0, sentAt: at, emailId, taskId: null } };
const secondDue = '2026-11-25T14:05:00.000Z';
const secondScheduled: EnrolmentEvent = { type: 'StepScheduled', data: { stepIndex: 1, dueAt: secondDue } };
const spec = deciderSpec(enrolmentDecider);

describe('enrolment decider', () => {
  it('starts an enrolment with its first step scheduled', () => {
    spec.given([]).when(start).then([started, firstScheduled]);
  });

  it('refuses to start the same enrolment twice', () => {
    spec.given([started, firstScheduled]).when(start).thenThrows(/already exists/, Conflict);
  });

  it('records a sent step and schedules the next one', () => {
    spec
      .given([started, firstScheduled])
      .when({ type: 'RecordStepSent', userId: owner, stepIndex: 0, at, emailId, taskId: null, nextDueAt: secondDue })
      .then([firstSent, secondScheduled]);
  });

  it('completes the enrolment after its last step', () => {
    const taskId = '88888888-8888-4888-8888-888888888888';
    spec
      .given([started, firstScheduled, firstSent, secondScheduled])
      .when({ type: 'RecordStepSent', userId: owner, stepIndex: 1, at: secondDue, emailId: null, taskId, nextDueAt: null })
      .then([
        { type: 'StepSent', data: { stepIndex: 1, sentAt: secondDue, emailId: null, taskId } },
        { type: 'EnrolmentCompleted', data: { completedAt: secondDue } },
      ]);
  });

  it('records a step only once: a second worker reporting the same step appends nothing', () => {
    spec
      .given([started, firstScheduled, firstSent, secondScheduled])
      .when({ type: 'RecordStepSent', userId: owner, stepIndex: 0, at, emailId, taskId: null, nextDueAt: secondDue })
      .then([]);
  });

  it('skips a step with its reason and moves on', () => {
    spec
      .given([started, firstScheduled])
      .when({ type: 'SkipStep', userId: owner, stepIndex: 0, at, reason: 'The contact has no email address.', nextDueAt: secondDue })
      .then([{ type: 'StepSkipped', data: { stepIndex: 0, skippedAt: at, reason: 'The contact has no email address.' } }, secondScheduled]);
  });

  it('reschedules the due step, and not a step that is no longer due', () => {
    const later = '2026-11-24T13:00:00.000Z';
    spec
      .given([started, firstScheduled])
      .when({ type: 'RescheduleStep', userId: owner, stepIndex: 0, dueAt: later, reason: 'daily cap reached' })
      .then([{ type: 'StepScheduled', data: { stepIndex: 0, dueAt: later, reason: 'daily cap reached' } }]);
    spec.given([started, firstScheduled, firstSent, secondScheduled]).when({ type: 'RescheduleStep', userId: owner, stepIndex: 0, dueAt: later, reason: 'x' }).then([]);
  });

  it('pauses, sends nothing while paused, and resumes with the step scheduled again', () => {
    const paused: EnrolmentEvent = { type: 'EnrolmentPaused', data: { pausedAt: at } };
    spec.given([started, firstScheduled]).when({ type: 'PauseEnrolment', userId: owner, at }).then([paused]);
    spec.given([started, firstScheduled, paused]).when({ type: 'PauseEnrolment', userId: owner, at }).then([]);
    spec.given([started, firstScheduled, paused]).when({ type: 'RecordStepSent', userId: owner, stepIndex: 0, at, emailId, taskId: null, nextDueAt: secondDue }).then([]);
    spec
      .given([started, firstScheduled, paused])
      .when({ type: 'ResumeEnrolment', userId: owner, at: secondDue, dueAt: secondDue })
      .then([
        { type: 'EnrolmentResumed', data: { resumedAt: secondDue } },
        { type: 'StepScheduled', data: { stepIndex: 0, dueAt: secondDue, reason: 'resumed' } },
      ]);
  });

  it('stops with the reason once; a stopped enrolment can be neither paused nor resumed', () => {
    const stopped: EnrolmentEvent = { type: 'EnrolmentStopped', data: { reason: 'replied', detail: 'Jane Doe replied.', stoppedAt: at } };
    spec.given([started, firstScheduled]).when({ type: 'StopEnrolment', userId: owner, at, reason: 'replied', detail: 'Jane Doe replied.' }).then([stopped]);
    spec.given([started, firstScheduled, stopped]).when({ type: 'StopEnrolment', userId: owner, at, reason: 'manual', detail: 'x' }).then([]);
    spec.given([started, firstScheduled, stopped]).when({ type: 'PauseEnrolment', userId: owner, at }).thenThrows(/already stopped \(replied\)/, Conflict);
    spec.given([started, firstScheduled, stopped]).when({ type: 'ResumeEnrolment', userId: owner, at, dueAt: at }).thenThrows(/cannot be resumed/, Conflict);
  });

  it("treats another user's enrolment as not found", () => {
    spec.given([started, firstScheduled]).when({ type: 'PauseEnrolment', userId: stranger, at }).thenThrows(/Enrolment not found/, NotFound);
  });
});
