import { z } from 'zod';
import { defineEvent, type EventOf } from '../../events/registry.ts';

/** The step types of spec 2: an email from a template, or a visit to the contact's LinkedIn profile. */
export const stepTypes = ['Email', 'LinkedIn Visit'] as const;
export type StepType = (typeof stepTypes)[number];

/** A stored step: Email steps carry their template, LinkedIn visits carry none. */
export const workflowStepSchema = z.object({ day: z.number().int().min(1), type: z.enum(stepTypes), templateId: z.string().optional() });
export type WorkflowStep = z.output<typeof workflowStepSchema>;

export const workflowEvents = {
  WorkflowCreated: defineEvent(
    'WorkflowCreated',
    z.object({ workflowId: z.uuid(), ownerId: z.uuid(), name: z.string(), steps: z.array(workflowStepSchema) }),
  ),
  WorkflowRenamed: defineEvent('WorkflowRenamed', z.object({ name: z.string() })),
  WorkflowStepsReplaced: defineEvent('WorkflowStepsReplaced', z.object({ steps: z.array(workflowStepSchema) })),
  WorkflowDeleted: defineEvent('WorkflowDeleted', z.object({})),
};

export type WorkflowEvent = EventOf<typeof workflowEvents>;
