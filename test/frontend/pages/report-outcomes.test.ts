import { expect } from 'chai';
import { automationOutcomeLabel, automationOutcomesTotal } from '../../../frontend/src/pages/reports/outcomes.ts';

describe('the Reports automation outcomes in words', () => {
  it('names where an enrolment stands, and a stop by its reason, as the Automation screen words it', () => {
    expect(['active', 'paused', 'completed'].map(automationOutcomeLabel)).to.deep.equal(['Active', 'Paused', 'Completed']);
    expect(automationOutcomeLabel('stopped:manual')).to.equal('Stopped: By you');
    expect(automationOutcomeLabel('stopped:bank-untargeted')).to.equal('Stopped: Bank no longer a target');
  });

  it('says above the chart how many enrolments its bars add up to', () => {
    expect(automationOutcomesTotal([{ outcome: 'active', count: 3 }, { outcome: 'stopped:replied', count: 1 }])).to.equal('4 enrolments, each by where it stands');
    expect(automationOutcomesTotal([{ outcome: 'completed', count: 1 }])).to.equal('1 enrolment, each by where it stands');
  });
});
