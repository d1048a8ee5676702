import { z } from 'zod';
import type { WorkflowStep } from '../workflows/events.ts';
import type { StopReason } from './events.ts';

/** POST /api/data/workflows/:id/enrolments */
export const startEnrolmentsBody = z
  .object({
    contactIds: z
      .array(z.uuid({ error: 'Each contact id must be a contact id.' }), { error: 'contactIds must be a list of contact ids.' })
      .min(1, 'Choose at least one contact.')
      .max(1000, 'At most 1000 contacts can be enrolled at once.'),
  })
  .strict();

/** PUT /api/data/enrolments/:id/stop: a stop asked for by the user may say why. */
export { manualStopDetail } from '../../../../domain/records/enrolment.ts';

export const stopEnrolmentBody = z.object({ detail: z.string().trim().max(500, 'The reason can be at most 500 characters.').optional() }).strict();

/**
 * Moments (`dueAt`, `nextDueAt`) are worked out by the caller from the user's send window and the
 * clock, so the decider stays pure: it only checks that they are asked for at the right time.
 */
export type EnrolmentCommand =
  | {
      type: 'StartEnrolment';
      enrolmentId: string;
      userId: string;
      workflow: { id: string; name: string; steps: WorkflowStep[] };
      contact: { id: string; name: string; bankId: number; bankName: string | null; bankClosed: boolean };
      timeZone: string;
      at: string;
      firstDueAt: string;
    }
  | { type: 'RecordStepSent'; userId: string; stepIndex: number; at: string; emailId: string | null; taskId: string | null; nextDueAt: string | null }
  | { type: 'SkipStep'; userId: string; stepIndex: number; at: string; reason: string; nextDueAt: string | null }
  | { type: 'RescheduleStep'; userId: string; stepIndex: number; dueAt: string; reason: string }
  | { type: 'PauseEnrolment'; userId: string; at: string }
  | { type: 'ResumeEnrolment'; userId: string; at: string; dueAt: string }
  | { type: 'StopEnrolment'; userId: string; at: string; reason: StopReason; detail: string };
