import { randomUUID } from 'node:crypto';
import { RuleBroken } from '../../commands/errors.ts';
import { createWorkflowBody, type KnownTemplates } from './commands.ts';
import { workflowDecider } from './decider.ts';

/**
 * Why a drafted workflow (an AI's) could not be saved as it is, by the rules Save applies: the
 * request's shape (step count, days) and the decider's (every email step names one of the user's
 * templates). No problems: it can be saved.
 */
export function workflowDraftProblems(draft: unknown, userId: string, knownTemplates: KnownTemplates): string[] {
  const parsed = createWorkflowBody.safeParse(draft);
  if (!parsed.success) return parsed.error.issues.map((issue) => issue.message);
  try {
    workflowDecider.decide({ type: 'CreateWorkflow', workflowId: randomUUID(), userId, ...parsed.data, knownTemplates }, workflowDecider.initialState());
    return [];
  } catch (error) {
    if (error instanceof RuleBroken) return [error.message];
    throw error;
  }
}
