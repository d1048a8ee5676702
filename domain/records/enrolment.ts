import { z } from 'zod';
import { stepTypes } from './workflow.ts';

export const enrolmentStatuses = ['active', 'paused', 'stopped', 'completed'] as const;
export type EnrolmentStatus = (typeof enrolmentStatuses)[number];

/** The statuses of an automation still going through its contact: it holds the contact's slot, and deleting its contact, bank or workflow stops it. */
export const runningEnrolmentStatuses = ['active', 'paused'] as const satisfies readonly EnrolmentStatus[];
export const isRunningEnrolment = (status: string) => (runningEnrolmentStatuses as readonly string[]).includes(status);

/** Why an enrolment ended before its last step. */
export const enrolmentStopReasons = ['send-failed', 'unsubscribed', 'replied', 'contact-deleted', 'bank-untargeted', 'do-not-contact', 'manual', 'workflow-deleted', 'contact-erased', 'bank-closed', 'contact-moved', 'no-mail-service'] as const;
export type EnrolmentStopReason = (typeof enrolmentStopReasons)[number];

/** Each stop reason as a user reads it, after 'Stopped: ' or 'Stopping: '. */
export const enrolmentStopReasonLabels: Record<EnrolmentStopReason, string> = {
  'send-failed': 'Email bounced or failed',
  unsubscribed: 'Unsubscribed',
  replied: 'Replied',
  'contact-deleted': 'Contact deleted',
  'bank-untargeted': 'Bank no longer a target',
  'do-not-contact': 'On Do Not Contact',
  manual: 'By you',
  'workflow-deleted': 'Workflow deleted',
  'contact-erased': 'Contact erased',
  'bank-closed': 'Bank closed',
  'contact-moved': 'Contact moved to another bank',
  'no-mail-service': 'No mail service set up',
};

/** The detail of a stop the user asked for without giving a reason (with one, the detail is their own words). */
export const manualStopDetail = 'Stopped by you.';

/** A stop reason within a sentence: 'stopped (by you)', 'stopped (replied)'. */
export const stopReasonInSentence = (reason: EnrolmentStopReason) => {
  const label = enrolmentStopReasonLabels[reason];
  return label[0].toLowerCase() + label.slice(1);
};

/** An enrolment (one contact going through one workflow) as `/api/data/enrolments` answers it. */
export const enrolmentRecordSchema = z.object({
  id: z.string(),
  workflowId: z.string(),
  workflowName: z.string(),
  contactId: z.string(),
  contactName: z.string(),
  bankId: z.number(),
  bankName: z.string().nullable(),
  status: z.enum(enrolmentStatuses),
  stopReason: z.enum(enrolmentStopReasons).nullable(),
  stopDetail: z.string().nullable(),
  /** Why a running or paused enrolment is about to stop (the contact replied, was deleted...): it runs no further step. */
  stopping: z.object({ reason: z.enum(enrolmentStopReasons), detail: z.string() }).nullable(),
  /** What runs next and when; no time while paused (resuming schedules it again), none once ended. */
  nextStep: z.object({ number: z.number(), day: z.number(), type: z.enum(stepTypes), dueAt: z.string().nullable() }).nullable(),
  stepCount: z.number(),
  stepsSent: z.number(),
  emailsSent: z.number(),
  stepsSkipped: z.number(),
  timeZone: z.string(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  version: z.number(),
});
export type EnrolmentRecord = z.infer<typeof enrolmentRecordSchema>;

/** `/api/data/workflows/:id/statistics`: how the workflow's enrolments went. `sent` counts enrolments with a step run. */
export const workflowStatisticsSchema = z.object({
  enrolled: z.number(),
  active: z.number(),
  paused: z.number(),
  sent: z.number(),
  emailsSent: z.number(),
  failed: z.number(),
  replied: z.number(),
  unsubscribed: z.number(),
  completed: z.number(),
  stopped: z.number(),
});
export type WorkflowStatistics = z.infer<typeof workflowStatisticsSchema>;
