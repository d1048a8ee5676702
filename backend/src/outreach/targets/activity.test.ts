import { expect } from 'chai';
import { targetActivity } from './activity.ts';

describe('tracked bank activity lines', () => {
  const refreshed = targetActivity.summaries.BankSnapshotRefreshed;

  it('names the new name of a renamed bank beside the other details that changed', () => {
    expect(refreshed({ details: { name: 'Big Bank, N.A.', city: 'Ames' }, financials: {} })).to.equal('Updated details: Name (now "Big Bank, N.A."), City');
  });

  it('lists the changed details by label when the name stayed', () => {
    expect(refreshed({ details: { city: 'Ames', website: 'www.bigbank.com' }, financials: {} })).to.equal('Updated details: City, Website');
  });
});
