import { expect } from 'chai';
import { summaryTiles } from '../../../frontend/src/bank-detail/lib/summary.ts';
import { normaliseBank } from '../../../frontend/src/banks/bank.ts';

describe('the Summary panel tiles', () => {
  it('shows the figures of the latest quarter in dollars and percent', () => {
    const bank = normaliseBank(7, { CERT: 7, NAME: 'Harbor Savings', OFFICES: 12 }, { ASSET: 2_500_000, DEP: 2_000_000, EQ: 250_000, NETINC: 14_500, ROA: 0.6975, NIMY: 2.9162 });
    expect(summaryTiles(bank).map((tile) => tile.value)).to.deep.equal(['$2.50B', '$2.00B', '$250.00M', '$14.50M', '0.70%', '2.92%', '12']);
  });

  it('says N/A, not $0.00 or 0.00%, for a figure a failed bank without financials never reported', () => {
    const bank = normaliseBank(90135, { CERT: 90135, NAME: 'Dunmarrow Plains Bank', ACTIVE: 0, ASSET: 504_130, DEP: 419_189, OFFICES: 0 }, undefined);
    expect(summaryTiles(bank)).to.deep.equal([
      { label: 'Total Assets', value: '$504.13M' },
      { label: 'Total Deposits', value: '$419.19M' },
      { label: 'Total Equity', value: 'N/A' },
      { label: 'Net Income (YTD)', value: 'N/A' },
      { label: 'Return on Assets (ROA)', value: 'N/A' },
      { label: 'Net Interest Margin (NIM)', value: 'N/A' },
      { label: '# of Offices', value: '0' },
    ]);
  });
});
