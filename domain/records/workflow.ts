import { z } from 'zod';

/** A step is an email from a template, or a visit to the contact's LinkedIn profile. */
export const stepTypes = ['Email', 'LinkedIn Visit'] as const;
export type StepType = (typeof stepTypes)[number];

/**
 * The last day a step may run on, counted from the enrolment's start: ten years. A day further out is
 * a typo, not a plan, and far enough out it is past the last date the clock can name, which left the
 * scheduler unable to schedule the step at all.
 */
export const maxStepDay = 3650;

/** A stored step: Email steps carry their template, LinkedIn visits carry none. */
export const workflowStepRecordSchema = z.object({ day: z.number(), type: z.enum(stepTypes), templateId: z.string().optional() });

/** A workflow as `/api/data/workflows` answers it; `created` repeats `createdAt` under its older name. */
export const workflowRecordSchema = z.object({
  id: z.string(),
  name: z.string(),
  steps: z.array(workflowStepRecordSchema),
  createdAt: z.string(),
  updatedAt: z.string(),
  created: z.string(),
  version: z.number(),
});
export type WorkflowRecord = z.infer<typeof workflowRecordSchema>;
