import { expect } from 'chai';
import {
  addStep,
  changeStepType,
  firstSteps,
  parseStepDay,
  removeStep,
  stepsForSave,
  stepTemplateWarnings,
  workflowProblems,
  type WorkflowStep,
} from '../../../frontend/src/resources/workflows/steps.ts';

describe('workflow step rules', () => {
  it('starts a new workflow with one Email step on day 1 using the first template', () => {
    expect(firstSteps('t1')).to.deep.equal([{ day: 1, type: 'Email', templateId: 't1' }]);
  });

  it('starts with an Email step without a template when the user has no templates', () => {
    expect(firstSteps(undefined)).to.deep.equal([{ day: 1, type: 'Email', templateId: null }]);
  });

  it('adds a step two days after the last one, as an Email with the first template', () => {
    const steps: WorkflowStep[] = [
      { day: 1, type: 'Email', templateId: 't2' },
      { day: 5, type: 'LinkedIn Visit' },
    ];
    expect(addStep(steps, 't1').at(-1)).to.deep.equal({ day: 7, type: 'Email', templateId: 't1' });
  });

  it('adds the first step on day 2 when there are no steps', () => {
    expect(addStep([], 't1')).to.deep.equal([{ day: 2, type: 'Email', templateId: 't1' }]);
  });

  it('drops the template when a step becomes a LinkedIn Visit', () => {
    expect(changeStepType({ day: 3, type: 'Email', templateId: 't2' }, 'LinkedIn Visit', 't1')).to.deep.equal({ day: 3, type: 'LinkedIn Visit' });
  });

  it('restores the first template when a step becomes an Email without one', () => {
    expect(changeStepType({ day: 3, type: 'LinkedIn Visit' }, 'Email', 't1')).to.deep.equal({ day: 3, type: 'Email', templateId: 't1' });
  });

  it('keeps an Email step its own template when its type is chosen again', () => {
    expect(changeStepType({ day: 3, type: 'Email', templateId: 't2' }, 'Email', 't1')).to.deep.equal({ day: 3, type: 'Email', templateId: 't2' });
  });

  it('reads the day as a whole number and keeps the previous day for text that is not a number', () => {
    expect(parseStepDay('4', 1)).to.equal(4);
    expect(parseStepDay('4.7', 1)).to.equal(4);
    expect(parseStepDay('', 3)).to.equal(3);
    expect(parseStepDay('abc', 3)).to.equal(3);
  });

  it('removes the step at the given position only', () => {
    const steps: WorkflowStep[] = [
      { day: 1, type: 'Email', templateId: 't1' },
      { day: 3, type: 'LinkedIn Visit' },
      { day: 5, type: 'Email', templateId: 't1' },
    ];
    expect(removeStep(steps, 1).map((step) => step.day)).to.deep.equal([1, 5]);
  });

  it('saves LinkedIn visits without a template field', () => {
    expect(stepsForSave([{ day: 2, type: 'LinkedIn Visit', templateId: 'stale' }])).to.deep.equal([{ day: 2, type: 'LinkedIn Visit' }]);
  });

  it('asks for a name, whole days of 1 or more and a template on every Email step', () => {
    const problems = workflowProblems('  ', [
      { day: 0, type: 'Email', templateId: 't1' },
      { day: 2, type: 'Email', templateId: null },
      { day: 4, type: 'LinkedIn Visit' },
    ]);
    expect(problems.name).to.equal('Workflow name is required.');
    expect(problems.steps).to.deep.equal(['Day must be a whole number of 1 or more.', 'Choose a template for this email.', undefined]);
  });

  it('keeps a workflow with a step day past ten years from being saved', () => {
    const problems = workflowProblems('Sequence', [
      { day: 3650, type: 'LinkedIn Visit' },
      { day: 99_999_999_999, type: 'LinkedIn Visit' },
    ]);
    expect(problems.steps).to.deep.equal([undefined, 'Day can be at most 3650 (ten years after the start).']);
  });

  it("names each email step whose template has unknown placeholders (subject and body) or cannot be read, and no other step", () => {
    const templates = [
      { id: 'fine', name: 'Intro', subject: 'About {{bankName}}', body: 'Hi {{contactFirstName}}' },
      { id: 'typo', name: 'Follow-up', subject: 'Hi {{FirstName}}', body: '{{this}} and {{FirstName}}' },
      { id: 'broken', name: 'Old', subject: 'Hi', body: '{{#if bankName}}' },
    ];
    const steps: WorkflowStep[] = [
      { day: 1, type: 'Email', templateId: 'fine' },
      { day: 3, type: 'Email', templateId: 'typo' },
      { day: 5, type: 'LinkedIn Visit' },
      { day: 7, type: 'Email', templateId: 'deleted' },
      { day: 9, type: 'Email', templateId: 'broken' },
    ];
    const [fine, typo, visit, deleted, broken] = stepTemplateWarnings(steps, templates);
    expect([fine, visit, deleted]).to.deep.equal([undefined, undefined, undefined]);
    expect(typo).to.deep.equal({ stepNumber: 2, templateName: 'Follow-up', unknown: ['FirstName', 'this'] });
    expect(broken).to.include({ stepNumber: 5, templateName: 'Old' }).and.to.have.property('error').that.matches(/^Template syntax error in the body at line 1/);
  });
});
