import { expect } from 'chai';
import { bankClosureOf, closureText, closureWarning, type ClosureFacts } from './bank-closure.ts';

const inactive: ClosureFacts = { active: false, inactiveDate: null, failure: null, acquisition: null };

describe('bank closure', () => {
  it('is nothing for an active bank or one whose status is not known', () => {
    expect(bankClosureOf({ ...inactive, active: true, acquisition: { date: '2001-05-01', acquirer: 'Big Bank' } })).to.equal(null);
    expect(bankClosureOf({ ...inactive, active: null })).to.equal(null);
  });

  it('says who acquired an inactive bank and when', () => {
    const closure = bankClosureOf({ ...inactive, acquisition: { date: '2026-06-15T00:00:00.000Z', acquirer: 'Big Bank' } });
    expect(closure).to.deep.equal({ kind: 'acquired', date: '2026-06-15', acquirer: 'Big Bank' });
    expect(closureText(closure!)).to.equal('Acquired by Big Bank on Jun 15, 2026');
  });

  it('says first that a bank failed, with who took it over, whatever its structure events say', () => {
    const closure = bankClosureOf({ ...inactive, failure: { date: '2023-03-10', acquirer: null }, acquisition: { date: '2023-03-13', acquirer: 'Bridge Bank' } });
    expect(closureText(closure!)).to.equal('Failed on Mar 10, 2023; acquired by Bridge Bank');
    expect(closureText(bankClosureOf({ ...inactive, inactiveDate: '2020-06-15', failure: { date: null, acquirer: ' ' } })!)).to.equal('Failed on Jun 15, 2020');
  });

  it('keeps the plain inactive wording when the data says no more', () => {
    expect(closureText(bankClosureOf({ ...inactive, inactiveDate: '2020-06-15' })!)).to.equal('Inactive since Jun 15, 2020');
    expect(closureText(bankClosureOf(inactive)!)).to.equal('Inactive');
    expect(closureText(bankClosureOf({ ...inactive, acquisition: { date: null, acquirer: null } })!)).to.equal('Merged into another institution');
  });

  it('warns before mail goes to a closed bank, naming where its staff may have gone', () => {
    expect(closureWarning('Small Bank', { kind: 'acquired', date: '2026-06-15', acquirer: 'Big Bank' })).to.equal(
      'Small Bank: Acquired by Big Bank on Jun 15, 2026. Its addresses may no longer work, and its staff may have left or moved to Big Bank.',
    );
  });
});
