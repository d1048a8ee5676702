/**
 * The rules of a workflow's steps, as the workflow editor applies them. Pure functions over plain
 * data, so they are unit tested without a browser.
 */

import { checkEmailTemplate } from '../../../../domain/placeholders/index.ts';
import { maxStepDay, type StepType } from '../../../../domain/records/workflow.ts';

export { maxStepDay, stepTypes, type StepType } from '../../../../domain/records/workflow.ts';

export type WorkflowStep = { day: number; type: StepType; templateId?: string | null };

/** What a step does: 'Email: <template's name>' ('Unknown Template' when it is not among `templateNames`, deleted say) or 'LinkedIn Visit'. */
export function stepAction(step: Pick<WorkflowStep, 'type' | 'templateId'>, templateNames: ReadonlyMap<string, string>): string {
  if (step.type !== 'Email') return step.type;
  return `Email: ${(step.templateId && templateNames.get(step.templateId)) || 'Unknown Template'}`;
}

/** Steps in one line: 'Day 1 · Email: Introduction; Day 3 · LinkedIn Visit'. */
export function stepsInLine(steps: readonly WorkflowStep[], templateNames: ReadonlyMap<string, string>): string {
  return steps.map((step) => `Day ${step.day} · ${stepAction(step, templateNames)}`).join('; ');
}

/** The days between the last step and a newly added one. */
export const NEW_STEP_DAY_GAP = 2;

/** A new workflow starts with one Email step on day 1 using the first template (none when there are no templates). */
export function firstSteps(firstTemplateId: string | undefined): WorkflowStep[] {
  return [{ day: 1, type: 'Email', templateId: firstTemplateId ?? null }];
}

/** A step added at the end: its day is the last step's day + 2 (2 when there is none), an Email with the first template. */
export function addStep(steps: readonly WorkflowStep[], firstTemplateId: string | undefined): WorkflowStep[] {
  const last = steps.at(-1);
  return [...steps, { day: (last?.day ?? 0) + NEW_STEP_DAY_GAP, type: 'Email', templateId: firstTemplateId ?? null }];
}

/** Switching to LinkedIn Visit drops the template; switching to Email keeps one or restores the first template. */
export function changeStepType(step: WorkflowStep, type: StepType, firstTemplateId: string | undefined): WorkflowStep {
  if (type === 'LinkedIn Visit') return { day: step.day, type };
  return { day: step.day, type, templateId: step.templateId || (firstTemplateId ?? null) };
}

/** The day typed in the day field, read as a whole number (what is not a number stays as it was). */
export function parseStepDay(text: string, previous: number): number {
  const day = Number.parseInt(text, 10);
  return Number.isNaN(day) ? previous : day;
}

export function removeStep(steps: readonly WorkflowStep[], index: number): WorkflowStep[] {
  return steps.filter((_step, at) => at !== index);
}

export function replaceStep(steps: readonly WorkflowStep[], index: number, step: WorkflowStep): WorkflowStep[] {
  return steps.map((current, at) => (at === index ? step : current));
}

/** The steps as the API takes them: Email steps carry their template, LinkedIn visits none. */
export function stepsForSave(steps: readonly WorkflowStep[]): WorkflowStep[] {
  return steps.map((step) => (step.type === 'Email' ? { day: step.day, type: step.type, templateId: step.templateId ?? null } : { day: step.day, type: step.type }));
}

/** What keeps a workflow from being saved: a name, and (from the server's rules) whole days from 1 to `maxStepDay` and a template on every Email step. */
export function workflowProblems(name: string, steps: readonly WorkflowStep[]): { name?: string; steps: Array<string | undefined> } {
  return {
    name: name.trim() ? undefined : 'Workflow name is required.',
    steps: steps.map((step) => {
      if (!Number.isInteger(step.day) || step.day < 1) return 'Day must be a whole number of 1 or more.';
      if (step.day > maxStepDay) return `Day can be at most ${maxStepDay} (ten years after the start).`;
      if (step.type === 'Email' && !step.templateId) return 'Choose a template for this email.';
      return undefined;
    }),
  };
}

/** The words on a step whose template cannot be sent as written: the scheduler stops the contact's enrolment at that step, its email unsent. */
export const automationStopsText = 'automation stops at this step instead of sending it';

/** Why an Email step's template would stop the automation: the names it does not know, or the syntax error naming its part. */
export type StepTemplateWarning = { stepNumber: number; templateName: string; unknown: string[]; error?: string };

/**
 * The warning of each step (by index), undefined for a step whose template sends as written, a
 * LinkedIn visit, or a template not among `templates` (deleted: the step is skipped, not stopped at).
 */
export function stepTemplateWarnings(
  steps: ReadonlyArray<Pick<WorkflowStep, 'type' | 'templateId'>>,
  templates: ReadonlyArray<{ id: string; name: string; subject: string; body: string }>,
): Array<StepTemplateWarning | undefined> {
  return steps.map((step, index) => {
    const template = step.type === 'Email' && step.templateId ? templates.find((candidate) => candidate.id === step.templateId) : undefined;
    if (!template) return undefined;
    const check = checkEmailTemplate(template);
    const warning = { stepNumber: index + 1, templateName: template.name };
    if (!check.ok) return { ...warning, unknown: [], error: check.message };
    return check.unknown.length > 0 ? { ...warning, unknown: check.unknown } : undefined;
  });
}
