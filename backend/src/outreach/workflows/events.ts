import { z } from 'zod';
import { stepTypes } from '../../../../domain/records/workflow.ts';
import { defineEvent, type EventOf } from '../../events/registry.ts';


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
  /** A deleted workflow is back as it was when deleted: the read row went with the deletion, so the event carries the workflow's state then. */
  WorkflowRestored: defineEvent(
    'WorkflowRestored',
    z.object({
      workflowId: z.uuid(),
      ownerId: z.uuid(),
      name: z.string(),
      steps: z.array(workflowStepSchema),
      /** When the record was first added: the restored record keeps its Added date and its place in lists. */
      addedAt: z.string(),
    }),
  ),
};

export type WorkflowEvent = EventOf<typeof workflowEvents>;
