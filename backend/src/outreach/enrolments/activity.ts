import { quoted, type ActivityDescription } from '../activity.ts';
import { manualStopDetail } from './commands.ts';
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
    // A stop's detail is a sentence giving its reason ('The contact replied.'), except a stop by the
    // user, whose detail is their own words or, when they gave none, says only that they stopped it.
    EnrolmentStopped: (data) =>
      data.reason === 'manual' ? `Stopped the enrolment (by you)${data.detail === manualStopDetail ? '' : `: ${data.detail}`}` : `Stopped the enrolment: ${data.detail}`,
    EnrolmentCompleted: () => 'Completed every step of the workflow',
  },
};
