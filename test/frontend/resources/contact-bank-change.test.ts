import { expect } from 'chai';
import { bankChangeWarning } from '../../../frontend/src/resources/contacts/form.ts';

describe("the warning that changing a contact's bank stops their automations", () => {
  it('counts the running automations, singular and plural', () => {
    expect(bankChangeWarning({ savedBankId: 628, chosenBankId: 3511, runningAutomations: 2 })).to.equal("Changing the bank stops this contact's 2 running automations.");
    expect(bankChangeWarning({ savedBankId: 628, chosenBankId: 3511, runningAutomations: 1 })).to.equal("Changing the bank stops this contact's 1 running automation.");
  });

  it('says nothing while the bank is unchanged or not chosen, or when no automation runs', () => {
    expect(bankChangeWarning({ savedBankId: 628, chosenBankId: 628, runningAutomations: 2 })).to.equal(null);
    expect(bankChangeWarning({ savedBankId: 628, chosenBankId: null, runningAutomations: 2 })).to.equal(null);
    expect(bankChangeWarning({ savedBankId: 628, chosenBankId: 3511, runningAutomations: 0 })).to.equal(null);
  });
});
