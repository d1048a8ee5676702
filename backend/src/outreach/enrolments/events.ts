import { z } from 'zod';
import { enrolmentStopReasons, type EnrolmentStopReason } from '../../../../domain/records/enrolment.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';
import { workflowStepSchema } from '../workflows/events.ts';

export type StopReason = EnrolmentStopReason;

/**
 * One contact going through one workflow. The steps are copied when it starts, so editing the
 * workflow later changes no enrolment under way. Each step is scheduled (a moment inside the send
 * window), then sent (an email queued in the outbox, or a LinkedIn visit task created) or skipped.
 */
export const enrolmentEvents = {
  EnrolmentStarted: defineEvent(
    'EnrolmentStarted',
    z.object({
      enrolmentId: z.uuid(),
      ownerId: z.uuid(),
      workflowId: z.uuid(),
      workflowName: z.string(),
      steps: z.array(workflowStepSchema).min(1),
      contactId: z.uuid(),
      contactName: z.string(),
      bankId: z.number().int(),
      bankName: z.string().nullable(),
      /** The IANA zone its send window is read in. */
      timeZone: z.string(),
      startedAt: z.string(),
      /**
       * The regulator already listed the bank as closed (failed, acquired or inactive) when the user
       * started it, past the warning the screens give: the closure then does not stop it. Absent in
       * events written before closures stopped automation.
       */
      bankClosedWhenStarted: z.boolean().optional(),
    }),
  ),
  StepScheduled: defineEvent('StepScheduled', z.object({ stepIndex: z.number().int().min(0), dueAt: z.string(), reason: z.string().optional() })),
  StepSent: defineEvent(
    'StepSent',
    z.object({ stepIndex: z.number().int().min(0), sentAt: z.string(), emailId: z.uuid().nullable(), taskId: z.uuid().nullable() }),
  ),
  StepSkipped: defineEvent('StepSkipped', z.object({ stepIndex: z.number().int().min(0), skippedAt: z.string(), reason: z.string() })),
  EnrolmentPaused: defineEvent('EnrolmentPaused', z.object({ pausedAt: z.string() })),
  EnrolmentResumed: defineEvent('EnrolmentResumed', z.object({ resumedAt: z.string() })),
  EnrolmentStopped: defineEvent('EnrolmentStopped', z.object({ reason: z.enum(enrolmentStopReasons), detail: z.string(), stoppedAt: z.string() })),
  EnrolmentCompleted: defineEvent('EnrolmentCompleted', z.object({ completedAt: z.string() })),
};

export type EnrolmentEvent = EventOf<typeof enrolmentEvents>;

export const enrolmentStreamId = (enrolmentId: string) => `enrolment-${enrolmentId}`;
