import { expect } from 'chai';
import type { EnrolmentRecord, WorkflowStatistics } from '../../../domain/records/enrolment.ts';
import { contactsInAutomationText, enrolmentOutcomes, reachedText, runningEnrolmentsText, statusDetail, statusText, stopWords } from '../../../frontend/src/resources/enrolments/api.ts';

const none: WorkflowStatistics = { enrolled: 0, active: 0, paused: 0, sent: 0, emailsSent: 0, failed: 0, replied: 0, unsubscribed: 0, completed: 0, stopped: 0 };

describe("a workflow's enrolments by outcome", () => {
  // 10 enrolled: 3 running, 1 paused, 2 through their last step, 4 stopped (1 replied, 1 unsubscribed, 1 failed send, 1 by hand).
  const statistics: WorkflowStatistics = { ...none, enrolled: 10, active: 3, paused: 1, sent: 8, emailsSent: 12, completed: 2, stopped: 4, replied: 1, unsubscribed: 1, failed: 1 };

  it('parts the enrolled so that the parts add up to them, a reply counted once', () => {
    const outcomes = enrolmentOutcomes(statistics);
    expect(outcomes.map((outcome) => [outcome.label, outcome.count])).to.deep.equal([
      ['Active', 3],
      ['Paused', 1],
      ['Completed', 2],
      ['Replied', 1],
      ['Unsubscribed', 1],
      ['Send failed', 1],
      ['Stopped', 1],
    ]);
    expect(outcomes.reduce((sum, outcome) => sum + outcome.count, 0)).to.equal(statistics.enrolled);
  });

  it('counts under Stopped only the stops for other reasons', () => {
    const stoppedOnlyByReplies = { ...none, enrolled: 2, stopped: 2, replied: 2, sent: 2 };
    expect(enrolmentOutcomes(stoppedOnlyByReplies).find((outcome) => outcome.key === 'stopped')!.count).to.equal(0);
  });

  it('tells how many a step reached, as a share of the enrolled', () => {
    expect(reachedText(statistics)).to.equal('8 of 10 reached by a step (80%)');
    expect(reachedText({ ...none, enrolled: 3, sent: 2 })).to.equal('2 of 3 reached by a step (67%)');
    expect(reachedText(none)).to.equal('0 of 0 reached by a step (0%)');
  });

  it('counts the contacts whose outreach a deleted workflow stops', () => {
    expect(runningEnrolmentsText(1)).to.equal('1 contact is going through it: their outreach stops.');
    expect(runningEnrolmentsText(1200)).to.equal('1,200 contacts are going through it: their outreach stops.');
    expect(runningEnrolmentsText(0)).to.equal('');
    expect(runningEnrolmentsText(3, 2)).to.equal('3 contacts are going through them: their outreach stops.');
  });

  it('says how many contacts to be deleted an automation is still writing to', () => {
    expect(contactsInAutomationText(1, 1)).to.equal('This contact is going through an automation: their outreach stops.');
    expect(contactsInAutomationText(1, 3)).to.equal('1 of them is going through an automation: their outreach stops.');
    expect(contactsInAutomationText(1200, 2000)).to.equal('1,200 of them are going through an automation: their outreach stops.');
    expect(contactsInAutomationText(0, 3)).to.equal('');
  });
});

describe("an enrolment's status as its chip reads it", () => {
  const running: EnrolmentRecord = {
    id: 'e1', workflowId: 'w1', workflowName: 'Intro', contactId: 'c1', contactName: 'Ana Ruiz', bankId: 628, bankName: 'Alpha Bank',
    status: 'active', stopReason: null, stopDetail: null, stopping: null, nextStep: { number: 1, day: 1, type: 'Email', dueAt: '2026-12-01T15:00:00.000Z' },
    stepCount: 2, stepsSent: 0, emailsSent: 0, stepsSkipped: 0, timeZone: 'America/Chicago', startedAt: '2026-11-30T15:00:00.000Z', endedAt: null,
    createdAt: '2026-11-30T15:00:00.000Z', updatedAt: '2026-11-30T15:00:00.000Z', version: 1,
  };

  it('says an enrolment whose contact replied is stopping, why, and that nothing more is sent', () => {
    const stopping = { ...running, stopping: { reason: 'replied' as const, detail: 'The contact replied.' } };
    expect(statusText(stopping)).to.equal('Stopping: Replied');
    expect(statusDetail(stopping)).to.equal('The contact replied. No further step runs; the automation stops within seconds.');
  });

  it('says a running one is active, and a stopped one why it stopped', () => {
    expect([statusText(running), statusDetail(running)]).to.deep.equal(['Active', '']);
    const stopped = { ...running, status: 'stopped' as const, stopReason: 'contact-deleted' as const, stopDetail: 'The contact was deleted.', nextStep: null };
    expect([statusText(stopped), statusDetail(stopped)]).to.deep.equal(['Stopped: Contact deleted', 'The contact was deleted.']);
  });

  it('gives the words the user typed when stopping one, for a line under its status, and none for a stop without words or by a condition', () => {
    const stopped = { ...running, status: 'stopped' as const, stopReason: 'manual' as const, stopDetail: '<b>Chose</b> another vendor', nextStep: null };
    expect([statusText(stopped), stopWords(stopped)]).to.deep.equal(['Stopped: By you', '<b>Chose</b> another vendor']);
    expect(stopWords({ ...stopped, stopDetail: 'Stopped by you.' })).to.equal(undefined);
    expect(stopWords({ ...stopped, stopReason: 'replied', stopDetail: 'The contact replied.' })).to.equal(undefined);
    expect(stopWords(running)).to.equal(undefined);
  });
});
