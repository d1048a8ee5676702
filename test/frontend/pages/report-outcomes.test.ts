import { expect } from 'chai';
import { automationOutcomeLabel } from '../../../frontend/src/pages/reports/outcomes.ts';

describe('the Reports automation outcomes in words', () => {
  it('names each kind of enrolment event, and a stop by its reason as the Automation screen words it', () => {
    expect(['EnrolmentStarted', 'EnrolmentPaused', 'EnrolmentResumed', 'EnrolmentCompleted', 'EnrolmentStopped'].map(automationOutcomeLabel)).to.deep.equal([
      'Started',
      'Paused',
      'Resumed',
      'Completed',
      'Stopped',
    ]);
    expect(automationOutcomeLabel('EnrolmentStopped:manual')).to.equal('Stopped: By you');
    expect(automationOutcomeLabel('EnrolmentStopped:bank-untargeted')).to.equal('Stopped: Bank no longer a target');
  });
});
