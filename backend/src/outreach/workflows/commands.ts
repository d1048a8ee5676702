import { z } from 'zod';
import { maxStepDay, stepTypes } from '../../../../domain/records/workflow.ts';
import { recordUpdateSchema } from '../schemas.ts';

const name = z
  .string({ error: 'Workflow name is required.' })
  .trim()
  .min(1, 'Workflow name is required.')
  .max(200, 'A workflow name can be at most 200 characters.');

const step = z
  .object({
    day: z.number({ error: 'day must be a whole number of 1 or more.' }).int('day must be a whole number of 1 or more.').min(1, 'day must be a whole number of 1 or more.')
      .max(maxStepDay, `day can be at most ${maxStepDay} (ten years after the start).`),
    type: z.enum(stepTypes, { error: `type must be ${stepTypes.join(' or ')}.` }),
    // Whether the template is needed and exists is the decider's call; here only its shape.
    templateId: z.string({ error: 'templateId must be a template id.' }).trim().nullish(),
  })
  .strict();

export type StepInput = z.output<typeof step>;

/** Each step is checked on its own so every message names the step as the user counts them (from 1). */
const steps = z
  .array(z.unknown(), { error: 'steps must be a list of steps.' })
  .max(100, 'A workflow can have at most 100 steps.')
  .transform((items, ctx) => {
    const parsed: StepInput[] = [];
    items.forEach((item, index) => {
      const result = step.safeParse(item);
      if (result.success) parsed.push(result.data);
      else for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', path: [index, ...issue.path], message: `Step ${index + 1}: ${issue.message}` });
    });
    return parsed.length === items.length ? parsed : z.NEVER;
  });

/** POST /api/data/workflows */
export const createWorkflowBody = z.object({ name, steps: steps.default([]) }).strict();

/** PUT /api/data/workflows/:id: the whole record; what changed becomes events. */
export const updateWorkflowBody = recordUpdateSchema(z.object({ name: name.optional(), steps: steps.optional() }).strict(), [
  'id',
  'version',
  'createdAt',
  'updatedAt',
  'created',
  'updated',
]);

/** The ids of templates the user owns among those the steps name, looked up before deciding. */
export type KnownTemplates = ReadonlySet<string>;

export type WorkflowCommand =
  | { type: 'CreateWorkflow'; workflowId: string; userId: string; name: string; steps: StepInput[]; knownTemplates: KnownTemplates }
  | { type: 'EditWorkflow'; userId: string; changes: { name?: string; steps?: StepInput[] }; knownTemplates: KnownTemplates }
  | { type: 'DeleteWorkflow'; userId: string }
  | { type: 'RestoreWorkflow'; workflowId: string; userId: string; addedAt: string };
