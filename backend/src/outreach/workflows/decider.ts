import type { Decider } from '../../commands/decider.ts';
import { Conflict, RuleBroken } from '../../commands/errors.ts';
import { assertOwnedActive, assertOwnedDeleted, type RecordStatus } from '../ownership.ts';
import type { KnownTemplates, StepInput, WorkflowCommand } from './commands.ts';
import { workflowEvents, type WorkflowEvent, type WorkflowStep } from './events.ts';

export type WorkflowState = { status: RecordStatus; ownerId?: string; name: string; steps: WorkflowStep[] };

const initialState = (): WorkflowState => ({ status: 'absent', name: '', steps: [] });

/** The stored form of steps: a LinkedIn visit keeps no template (the editor drops it when switching type). */
function normaliseSteps(steps: StepInput[]): WorkflowStep[] {
  return steps.map(({ day, type, templateId }) => (type === 'Email' && templateId ? { day, type, templateId } : { day, type }));
}

/**
 * The steps in the order they run: by day, steps of one day as the user listed them. An enrolment runs
 * its steps in this order, so a step listed after a later day's ('Day 5 · Email; Day 2 · LinkedIn
 * Visit') ran on day 5, not on the day it shows; changing a day is how the user moves a step.
 */
const inDayOrder = (steps: WorkflowStep[]): WorkflowStep[] => steps.toSorted((a, b) => a.day - b.day);

/** Every email step must name a template of this user that still exists. */
function assertTemplatesKnown(steps: WorkflowStep[], knownTemplates: KnownTemplates): void {
  steps.forEach((step, index) => {
    if (step.type !== 'Email') return;
    const problem = !step.templateId
      ? `Step ${index + 1}: an email step needs a template.`
      : !knownTemplates.has(step.templateId)
        ? `Step ${index + 1}: choose one of your templates.`
        : undefined;
    if (problem) throw new RuleBroken(problem, { issues: [{ path: `steps.${index}.templateId`, message: problem }] });
  });
}

const sameSteps = (a: WorkflowStep[], b: WorkflowStep[]) =>
  a.length === b.length && a.every((step, index) => step.day === b[index].day && step.type === b[index].type && step.templateId === b[index].templateId);

function decide(command: WorkflowCommand, state: WorkflowState): WorkflowEvent[] {
  if (command.type === 'CreateWorkflow') {
    if (state.status !== 'absent') throw new Conflict('This workflow already exists.');
    const steps = normaliseSteps(command.steps);
    assertTemplatesKnown(steps, command.knownTemplates);
    return [workflowEvents.WorkflowCreated.create({ workflowId: command.workflowId, ownerId: command.userId, name: command.name, steps: inDayOrder(steps) })];
  }
  if (command.type === 'RestoreWorkflow') {
    assertOwnedDeleted(state, command.userId, 'Workflow');
    // Its steps come back unchecked, as an edit leaves unchanged steps unchecked: a step whose
    // template was deleted since is flagged by the workflow screens, as in a workflow never deleted.
    return [workflowEvents.WorkflowRestored.create({ workflowId: command.workflowId, ownerId: state.ownerId!, name: state.name, steps: state.steps, addedAt: command.addedAt })];
  }
  assertOwnedActive(state, command.userId, 'Workflow');
  switch (command.type) {
    case 'EditWorkflow': {
      const events: WorkflowEvent[] = [];
      const { name } = command.changes;
      if (name !== undefined && name !== state.name) events.push(workflowEvents.WorkflowRenamed.create({ name }));
      // Unchanged steps are not re-checked: renaming a workflow whose template was since deleted still works.
      const steps = command.changes.steps && normaliseSteps(command.changes.steps);
      if (steps && !sameSteps(inDayOrder(steps), state.steps)) {
        // Checked as listed, so a refusal names the step as the editor numbers it.
        assertTemplatesKnown(steps, command.knownTemplates);
        events.push(workflowEvents.WorkflowStepsReplaced.create({ steps: inDayOrder(steps) }));
      }
      return events;
    }
    case 'DeleteWorkflow':
      return [workflowEvents.WorkflowDeleted.create({})];
  }
}

function evolve(state: WorkflowState, event: WorkflowEvent): WorkflowState {
  switch (event.type) {
    case 'WorkflowCreated':
      return { status: 'active', ownerId: event.data.ownerId, name: event.data.name, steps: event.data.steps };
    case 'WorkflowRenamed':
      return { ...state, name: event.data.name };
    case 'WorkflowStepsReplaced':
      return { ...state, steps: event.data.steps };
    case 'WorkflowDeleted':
      return { ...state, status: 'deleted' };
    case 'WorkflowRestored':
      return { status: 'active', ownerId: event.data.ownerId, name: event.data.name, steps: event.data.steps };
  }
}

export const workflowDecider: Decider<WorkflowState, WorkflowCommand, WorkflowEvent> = { initialState, decide, evolve };
