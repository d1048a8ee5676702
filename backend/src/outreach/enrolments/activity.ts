import { stopReasonInSentence } from '../../../../domain/records/enrolment.ts';
import { quoted, type ActivityDescription } from '../activity.ts';
import type { EnrolmentEvent } from './events.ts';

const stepNumber = (index: number) => `step ${index + 1}`;

export const enrolmentActivity: ActivityDescription<EnrolmentEvent> = {
  resource: 'enrolments',
  recordId: (streamId) => streamId.slice('enrolment-'.length),
  summaries: {
    EnrolmentStarted: (data) => `Enrolled ${data.contactName} in workflow ${quoted(data.workflowName)}`,
    StepScheduled: (data) => `Scheduled ${stepNumber(data.stepIndex)} for ${data.dueAt}${data.reason ? ` (${data.reason})` : ''}`,
    StepSent: (data) => `Ran ${stepNumber(data.stepIndex)}: ${data.emailId ? 'email queued' : 'LinkedIn visit task created'}`,
    StepSkipped: (data) => `Skipped ${stepNumber(data.stepIndex)}: ${data.reason}`,
    EnrolmentPaused: () => 'Paused the enrolment',
    EnrolmentResumed: () => 'Resumed the enrolment',
    EnrolmentStopped: (data) => `Stopped the enrolment (${stopReasonInSentence(data.reason)}): ${data.detail}`,
    EnrolmentCompleted: () => 'Completed every step of the workflow',
  },
};
