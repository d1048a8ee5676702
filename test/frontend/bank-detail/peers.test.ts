import { expect } from 'chai';
import {
  comparisonRows,
  derivedRatios,
  peerAverage,
  peerCategories,
  peerSearchParams,
  sortPeers,
} from '../../../frontend/src/bank-detail/lib/peers.ts';
import type { BankFigures } from '../../../frontend/src/banks/bank.ts';
import { defaultPeerCriteria } from '../../../domain/peers.ts';

const metric = (category: string, label: string) => {
  const found = peerCategories.find((c) => c.name === category)!.metrics.find((m) => m.label === label);
  if (!found) throw new Error(`no metric ${label}`);
  return found;
};

describe('bank detail peer benchmarking', () => {
  it('lists the four categories with their metrics and better directions', () => {
    expect(peerCategories.map((c) => c.name)).to.deep.equal(['Profitability & Efficiency', 'Asset Quality & Credit Risk', 'Capital Adequacy', 'Liquidity & Funding']);
    expect(peerCategories.map((c) => c.metrics.length)).to.deep.equal([6, 6, 5, 3]);
    expect(metric('Profitability & Efficiency', 'Efficiency Ratio').better).to.equal('lower');
    expect(metric('Asset Quality & Credit Risk', 'ALLL/Loans Ratio').better).to.equal('higher');
    expect(metric('Liquidity & Funding', 'Core Deps Ratio').better).to.equal('higher');
    expect(metric('Liquidity & Funding', 'Net Lns/Deps Ratio').better).to.equal('lower');
    expect(peerCategories[2].metrics.every((m) => m.better === 'higher')).to.equal(true);
  });

  it('computes derived ratios as percentages, null with a non-positive denominator', () => {
    expect(derivedRatios.nonInterestIncomeToRevenue({ interestIncome: 75, nonInterestIncome: 25 })).to.equal(25);
    expect(derivedRatios.nonInterestIncomeToRevenue({})).to.equal(null);
    expect(derivedRatios.costOfFunds({ interestExpense: 3, deposits: 100, repdte: '20251231' })).to.equal(3);
    expect(derivedRatios.costOfFunds({ interestExpense: 3, deposits: 0, repdte: '20251231' })).to.equal(null);
    expect(derivedRatios.creConcentration({ loans_re_commercial_gross: 40, loans_and_leases_gross: 160 })).to.equal(25);
    expect(derivedRatios.oreoToAssets({ oreo: 1 })).to.equal(null);
    expect(derivedRatios.brokeredDepositsRatio({ brokeredDeposits: 0, deposits: 100 })).to.equal(0);
  });

  it("compares equity to assets from total equity and total assets when the regulator's ratio is not reported", () => {
    expect(derivedRatios.equityToAssets({ totalEquity: 12, assets: 100 })).to.equal(12);
    expect(derivedRatios.equityToAssets({ equityToAssetsRatio: 10.5, totalEquity: 12, assets: 100 })).to.equal(10.5);
    expect(derivedRatios.equityToAssets({ assets: 100 })).to.equal(null);
  });

  it('names the CRE ratio it compares for what it is, a share of gross loans, not the supervisory concentration over capital', () => {
    const cre = metric('Asset Quality & Credit Risk', 'CRE/Gross Loans Ratio');
    expect(cre.value({ loans_re_commercial_gross: 40, loans_and_leases_gross: 160 })).to.equal(25);
    expect(peerCategories.flatMap((category) => category.metrics).map((m) => m.label)).not.to.include('CRE Concentration');
  });

  it('compares cost of funds annualised: a bank of a March quarter beside peers of a December one reads the same yearly rate', () => {
    const march = derivedRatios.costOfFunds({ interestExpense: 5, deposits: 1000, repdte: '20250331' });
    const december = derivedRatios.costOfFunds({ interestExpense: 20, deposits: 1000, repdte: '20251231' });
    expect(march).to.equal(2);
    expect(december).to.equal(2);
  });

  it('reads a derived ratio whose input the data does not report as not available, not 0.00%, for the bank and its peers', () => {
    // Files holding deposits and income but no interest expense, OREO, brokered or core deposits (as the bulk files do).
    const reported: BankFigures = { assets: 1000, deposits: 800, interestIncome: 60, nonInterestIncome: 20 };
    expect(derivedRatios.nonInterestIncomeToRevenue({ interestIncome: 80 })).to.equal(null);
    expect(derivedRatios.nonInterestIncomeToRevenue({ nonInterestIncome: 20 }), 'no interest income reported: not 100%').to.equal(null);
    expect(derivedRatios.nonInterestIncomeToRevenue({ interestIncome: 0, nonInterestIncome: 20 }), 'none earned').to.equal(100);
    expect(derivedRatios.costOfFunds(reported)).to.equal(null);
    expect(derivedRatios.oreoToAssets(reported)).to.equal(null);
    expect(derivedRatios.brokeredDepositsRatio(reported)).to.equal(null);
    expect(derivedRatios.coreDepositsRatio(reported)).to.equal(null);
    const funding = peerCategories.find((category) => category.name === 'Liquidity & Funding')!;
    const core = comparisonRows(funding, reported, [reported, reported]).find((row) => row.name === 'Core Deps Ratio')!;
    expect(core['Target Bank']).to.equal(null);
    expect(core['Peer Average']).to.equal(null);
  });

  it('averages only over the peers that have a value', () => {
    const roa = metric('Profitability & Efficiency', 'ROA');
    expect(peerAverage([{ roa: 1 }, { roa: 2 }, { roa: null }, {}], roa)).to.equal(1.5);
    expect(peerAverage([{}, { roa: null }], roa)).to.equal(null);
  });

  it('builds comparison rows, null where a value is missing, and says which side is better only where both have one', () => {
    const peers: BankFigures[] = [{ roa: 1, efficiencyRatio: 60 }, { roa: 0.5, efficiencyRatio: 70 }];
    const rows = comparisonRows(peerCategories[0], { roa: 1.2, efficiencyRatio: 70 }, peers);
    const roa = rows.find((row) => row.name === 'ROA')!;
    expect(roa['Target Bank']).to.equal(1.2);
    expect(roa['Peer Average']).to.equal(0.75);
    expect(roa.targetIsBetter).to.equal(true);
    const efficiency = rows.find((row) => row.name === 'Efficiency Ratio')!;
    expect(efficiency['Peer Average']).to.equal(65);
    expect(efficiency.targetIsBetter).to.equal(false);
    const roe = rows.find((row) => row.name === 'ROE')!;
    expect(roe['Target Bank']).to.equal(null);
    expect(roe['Peer Average']).to.equal(null);
    expect(roe.targetIsBetter).to.equal(null);
  });

  it('defaults the peer group to the target state and 50% to 150% of its assets, rounded', () => {
    expect(defaultPeerCriteria({ assets: 1_234_567, state: 'TX' })).to.deep.equal({ minAssets: 617_284, maxAssets: 1_851_851, state: 'TX', regulator: 'All', charterType: 'All' });
    expect(defaultPeerCriteria({ assets: null, state: 'Ontario' }).state).to.equal('All');
  });

  it("sends asset bounds in thousands, leaves All filters out, and asks for the peers' figures of the bank's own quarter", () => {
    const params = peerSearchParams({ minAssets: 500_000_000, maxAssets: 1_500_000_000, state: 'TX', regulator: 'All', charterType: 'NM' }, 50, '20241231');
    expect(Object.fromEntries(params)).to.deep.equal({ minAssets: '500000', maxAssets: '1500000', useFDIC: 'false', limit: '50', quarter: '20241231', state: 'TX', charterType: 'NM' });
  });

  it('sorts peers by name or assets in either direction', () => {
    const peers = [
      { name: 'Beta', assets: 5 },
      { name: 'alpha', assets: 9 },
      { name: 'Gamma', assets: null },
    ];
    expect(sortPeers(peers, { field: 'assets', direction: 'desc' }).map((p) => p.name)).to.deep.equal(['alpha', 'Beta', 'Gamma']);
    expect(sortPeers(peers, { field: 'name', direction: 'asc' }).map((p) => p.name)).to.deep.equal(['alpha', 'Beta', 'Gamma']);
    expect(sortPeers(peers, { field: 'name', direction: 'desc' }).map((p) => p.name)).to.deep.equal(['Gamma', 'Beta', 'alpha']);
  });
});
