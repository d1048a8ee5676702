import { deciderSpec } from '../../commands/decider-spec.ts';
import { Conflict, NotFound, RuleBroken } from '../../commands/errors.ts';
import { workflowDecider } from './decider.ts';
import type { WorkflowEvent } from './events.ts';

const owner = '11111111-1111-4111-8111-111111111111';
const stranger = '22222222-2222-4222-8222-222222222222';
const workflowId = '55555555-5555-4555-8555-555555555555';
const intro = '66666666-6666-4666-8666-666666666666';
const followUp = '77777777-7777-4777-8777-777777777777';
const known = new Set([intro, followUp]);
const steps = [
  { day: 1, type: 'Email' as const, templateId: intro },
  { day: 3, type: 'LinkedIn Visit' as const },
];
const created: WorkflowEvent = { type: 'WorkflowCreated', data: { workflowId, ownerId: owner, name: 'New CFO', steps } };
const spec = deciderSpec(workflowDecider);

describe('workflow decider', () => {
  it('creates a workflow whose email steps name the user\'s templates', () => {
    spec.given([]).when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'New CFO', steps, knownTemplates: known }).then([created]);
  });

  it('drops the template of a LinkedIn visit step, as the editor does when switching type', () => {
    spec
      .given([])
      .when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'New CFO', knownTemplates: known, steps: [steps[0], { day: 3, type: 'LinkedIn Visit', templateId: followUp }] })
      .then([created]);
  });

  it('refuses an email step naming a template the user does not have, naming the step', () => {
    const foreign = '88888888-8888-4888-8888-888888888888';
    spec
      .given([])
      .when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'x', knownTemplates: known, steps: [...steps, { day: 5, type: 'Email', templateId: foreign }] })
      .thenThrows(/^Step 3: choose one of your templates\.$/, RuleBroken);
  });

  it('refuses an email step without a template', () => {
    spec
      .given([])
      .when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'x', knownTemplates: known, steps: [{ day: 2, type: 'Email', templateId: null }] })
      .thenThrows(/^Step 1: an email step needs a template\.$/, RuleBroken);
  });

  it('keeps the steps in the order of their days, steps of one day as listed, so each runs on the day it shows', () => {
    const listed = [
      { day: 5, type: 'Email' as const, templateId: followUp },
      { day: 1, type: 'Email' as const, templateId: intro },
      { day: 1, type: 'LinkedIn Visit' as const },
    ];
    const ordered = [listed[1], listed[2], listed[0]];
    spec
      .given([])
      .when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'New CFO', knownTemplates: known, steps: listed })
      .then([{ type: 'WorkflowCreated', data: { workflowId, ownerId: owner, name: 'New CFO', steps: ordered } }]);
    spec.given([created]).when({ type: 'EditWorkflow', userId: owner, changes: { steps: listed }, knownTemplates: known }).then([{ type: 'WorkflowStepsReplaced', data: { steps: ordered } }]);
  });

  it('refuses to create a workflow twice', () => {
    spec.given([created]).when({ type: 'CreateWorkflow', workflowId, userId: owner, name: 'x', steps: [], knownTemplates: known }).thenThrows(/already exists/, Conflict);
  });

  it('turns an edit into a rename and a steps replacement, and nothing when nothing changed', () => {
    const newSteps = [{ day: 1, type: 'Email' as const, templateId: followUp }];
    spec
      .given([created])
      .when({ type: 'EditWorkflow', userId: owner, changes: { name: 'Renamed', steps: newSteps }, knownTemplates: known })
      .then([
        { type: 'WorkflowRenamed', data: { name: 'Renamed' } },
        { type: 'WorkflowStepsReplaced', data: { steps: newSteps } },
      ]);
    spec.given([created]).when({ type: 'EditWorkflow', userId: owner, changes: { name: 'New CFO', steps }, knownTemplates: known }).then([]);
  });

  it('keeps unchanged steps whose template was since deleted, but checks steps that change', () => {
    const noneKnown = new Set<string>();
    spec
      .given([created])
      .when({ type: 'EditWorkflow', userId: owner, changes: { name: 'Renamed', steps }, knownTemplates: noneKnown })
      .then([{ type: 'WorkflowRenamed', data: { name: 'Renamed' } }]);
    spec
      .given([created])
      .when({ type: 'EditWorkflow', userId: owner, changes: { steps: [...steps, { day: 5, type: 'LinkedIn Visit' }] }, knownTemplates: noneKnown })
      .thenThrows(/Step 1: choose one of your templates/, RuleBroken);
  });

  it("treats another user's workflow, and a deleted one, as not found", () => {
    spec.given([created]).when({ type: 'DeleteWorkflow', userId: stranger }).thenThrows(/Workflow not found/, NotFound);
    spec.given([created, { type: 'WorkflowDeleted', data: {} }]).when({ type: 'DeleteWorkflow', userId: owner }).thenThrows(/not found/, NotFound);
  });

  describe('restoring a deleted workflow', () => {
    const deleted: WorkflowEvent = { type: 'WorkflowDeleted', data: {} };
    const addedAt = '2026-10-02T09:00:00.000Z';
    const restore = { type: 'RestoreWorkflow' as const, workflowId, userId: owner, addedAt };

    it('brings it back as it was when deleted, its steps unchecked as an edit leaves them', () => {
      spec.given([created, deleted]).when(restore).then([{ type: 'WorkflowRestored', data: { workflowId, ownerId: owner, name: 'New CFO', steps, addedAt } }]);
    });

    it('refuses a workflow that is not deleted with a conflict, and treats another user\'s as not found', () => {
      spec.given([created]).when(restore).thenThrows(/This workflow is not deleted/, Conflict);
      spec.given([created, deleted]).when({ ...restore, userId: stranger }).thenThrows(/not found/, NotFound);
    });
  });
});
