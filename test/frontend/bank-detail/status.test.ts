import { expect } from 'chai';
import { inactiveStatus } from '../../../frontend/src/bank-detail/lib/status.ts';

describe("the bank detail header's status", () => {
  it('says since when a failed or merged bank is inactive, or only that it is where the date is not held', () => {
    expect(inactiveStatus({ ACTIVE: 0, ENDEFYMD: '06/15/2020' })).to.equal('Inactive since Jun 15, 2020');
    expect(inactiveStatus({ ACTIVE: '0', INACTIVE_DATE: '20240503' })).to.equal('Inactive since May 3, 2024');
    expect(inactiveStatus({ ACTIVE: 0 })).to.equal('Inactive');
  });

  it('says nothing of an active bank or one whose status is not known', () => {
    expect(inactiveStatus({ ACTIVE: 1, ENDEFYMD: '12/31/9999' })).to.equal(null);
    expect(inactiveStatus({})).to.equal(null);
  });
});
