import { expect } from 'chai';
import { addressLine, normaliseBank, targetPayload } from '../../../frontend/src/banks/bank.ts';
import { assetComposition, assetQuality, loanPortfolio, netChargeOffs } from '../../../frontend/src/bank-detail/lib/financial-sections.ts';
import { failureOf } from '../../../frontend/src/bank-detail/lib/failures.ts';
import { eventsPerYear, historyEventOf } from '../../../frontend/src/bank-detail/lib/history.ts';
import { branchOf, geocoded, officesByState, paddedBounds, summaryOfDepositsAsOf, topBranchesByDeposits } from '../../../frontend/src/bank-detail/lib/locations.ts';
import { disabledReason, startingView } from '../../../frontend/src/bank-detail/lib/navigation.ts';
import { pageOf, recordsOf } from '../../../frontend/src/banks/records.ts';

describe('bank detail record reading', () => {
  it('unwraps BankFind envelopes, flat lists and single records', () => {
    expect(recordsOf({ data: [{ data: { CERT: 1 }, score: 0 }], meta: { total: 1 } })).to.deep.equal([{ CERT: 1 }]);
    expect(recordsOf({ data: [{ CERT: 2 }] })).to.deep.equal([{ CERT: 2 }]);
    expect(recordsOf([{ CERT: 3 }])).to.deep.equal([{ CERT: 3 }]);
    expect(recordsOf({ data: { CERT: 4 } })).to.deep.equal([{ CERT: 4 }]);
    expect(recordsOf({})).to.deep.equal([]);
    expect(pageOf({ data: [{ data: { A: 1 } }], meta: { total: 57 } })).to.deep.equal({ items: [{ A: 1 }], total: 57 });
  });

  it('normalises a bank from institution and financial codes, money in dollars', () => {
    const bank = normaliseBank(
      99,
      { NAME: 'First Test Bank', CITY: 'Austin', STNAME: 'Texas', ZIP: '78701', ADDRESS: '1 Main St', ASSET: 5, OFFICES: 3, CBSA_NO: '12420', CSA_NO: '0' },
      { REPDTE: '20250930', ASSET: 1000, DEP: 800, EQ: 100, NETINC: 12, ROA: 1.1, NIMY: 3.2, NCLNLSR: 0.4, RBC1RWAJ: 13, LNRENRES: 10, LNREMULT: 5, LNRECONS: 1 },
    );
    expect(bank).to.include({ name: 'First Test Bank', state: 'TX', assets: 1_000_000, deposits: 800_000, totalEquity: 100_000, netIncome: 12_000, roa: 1.1, officeCount: 3, cbsaCode: '12420', csaCode: null, repdte: '20250930' });
    expect(bank.loans_re_commercial_gross).to.equal(16_000);
    expect(addressLine(bank)).to.equal('1 Main St, Austin, TX 78701');
    expect(normaliseBank(1, {}, undefined).name).to.equal('Unknown Bank');
    const payload = targetPayload(bank);
    expect(payload).to.include({ cert: 99, name: 'First Test Bank', assets: 1_000_000 });
    expect(payload).not.to.have.property('nplRatio', null);
  });

  it('builds the asset quality table, loan shares and asset composition from thousands', () => {
    const record = { P3RE: 1, P9RE: 2, NARE: 3, P3CI: 4, ASSET: 100, LNLSNET: 60, SC: 20, CHBAL: 5, LNLSGR: 50, LNRE: 35, LNCI: 10, DRLNLS: 3, CRLNLS: 1 };
    const quality = assetQuality(record);
    expect(quality.rows.map((row) => row.label)).to.deep.equal(['Real Estate', 'Commercial & Industrial', 'Consumer', 'Agriculture']);
    expect(quality.rows[0]).to.deep.equal({ label: 'Real Estate', pastDue30: 1000, pastDue90: 2000, nonaccrual: 3000 });
    expect(quality.total.pastDue30).to.equal(5000);
    expect(quality.rows[2].pastDue30).to.equal(null);
    const loans = loanPortfolio(record);
    expect(loans.rows.find((row) => row.label === 'Real Estate Loans')).to.include({ amount: 35_000, share: 0.7, rating: 'red' });
    expect(assetComposition(record)).to.deep.equal([
      { name: 'Net Loans & Leases', value: 60_000 },
      { name: 'Securities', value: 20_000 },
      { name: 'Cash & Due from Banks', value: 5_000 },
      { name: 'Other Assets', value: 15_000 },
    ]);
    expect(netChargeOffs(record)).to.equal(2000);
  });
});

describe('bank detail navigation rules', () => {
  const facts = { cbsaCode: null, csaCode: null, hasDemographics: false };
  it('disables Community Profile without a CBSA or CSA code and Demographics without data', () => {
    expect(disabledReason('community', facts)).to.equal('No statistical area code available for this bank.');
    expect(disabledReason('community', { ...facts, csaCode: '148' })).to.equal(null);
    expect(disabledReason('demographics', facts)).to.equal('Demographic data not available.');
    expect(disabledReason('demographics', { ...facts, hasDemographics: true })).to.equal(null);
    expect(disabledReason('locations', facts)).to.equal(null);
  });
  it('opens the requested view unless it is disabled or not listed yet', () => {
    expect(startingView('locations', facts)).to.equal('locations');
    expect(startingView('community', facts)).to.equal('financials');
    expect(startingView('news', facts)).to.equal('news');
  });
});

describe('bank detail branches', () => {
  it('reads branches from locations and Summary of Deposits codes', () => {
    const office = branchOf({ UNINUM: 7, OFFNAME: 'Main', ADDRESS: '1 A St', CITY: 'X', STALP: 'TX', ZIP: '1', COUNTY: 'C', SERVTYPE_DESC: 'Full Service', ESTYMD: '01/02/1990', MAINOFF: 1, LATITUDE: 30, LONGITUDE: -97 });
    expect(office).to.include({ id: '7', name: 'Main', isMainOffice: true, establishedDate: '1990-01-02', latitude: 30 });
    const sod = branchOf({ UNINUMBR: 8, NAMEBR: 'Branch', STALPBR: 'OK', DEPSUMBR: 250, SIMS_LATITUDE: 35, SIMS_LONGITUDE: -98, BKMO: 0 });
    expect(sod).to.include({ id: '8', name: 'Branch', state: 'OK', deposits: 250, isMainOffice: false });
  });

  it('keeps only geocoded branches for the map and pads their bounds by 10%', () => {
    const branches = [branchOf({ LATITUDE: 30, LONGITUDE: -100 }), branchOf({ LATITUDE: 40, LONGITUDE: -80 }), branchOf({ LATITUDE: 35 })];
    const placed = geocoded(branches);
    expect(placed).to.have.length(2);
    expect(paddedBounds(placed)).to.deep.equal([
      [29, -102],
      [41, -78],
    ]);
    expect(paddedBounds([])).to.equal(null);
  });

  it('counts offices per state, most first, and takes the top 10 deposit branches in dollars', () => {
    const branches = ['TX', 'OK', 'TX', 'AR', 'OK', 'TX'].map((state) => branchOf({ STALP: state }));
    expect(officesByState(branches)).to.deep.equal([
      { state: 'TX', count: 3 },
      { state: 'OK', count: 2 },
      { state: 'AR', count: 1 },
    ]);
    const many = Array.from({ length: 12 }, (_, index) => branchOf({ NAMEBR: `B${index}`, DEPSUMBR: 12 - index }));
    const top = topBranchesByDeposits(many);
    expect(top).to.have.length(10);
    expect(top[0]).to.deep.equal({ name: 'B0', deposits: 12_000 });
  });

  it('dates a Summary of Deposits on June 30 of its year, the day the survey counts, and not at all without a year', () => {
    expect(summaryOfDepositsAsOf([{ year: 2025, name: 'Main', deposits: 10 }])).to.equal('Jun 30, 2025');
    expect(summaryOfDepositsAsOf([{ YEAR: '2024', NAMEBR: 'Main' }])).to.equal('Jun 30, 2024');
    expect(summaryOfDepositsAsOf([{ name: 'Main' }])).to.equal(null);
    expect(summaryOfDepositsAsOf([])).to.equal(null);
  });

  it('reads history events and counts them per year', () => {
    const events = [historyEventOf({ EFFDATE: '2001-05-01T00:00:00', CHANGECODE_DESC: 'Merger', ACQ_INSTNAME: 'Big Bank' }), historyEventOf({ date: '2001-09-09', description: 'Name change' }), historyEventOf({ EFFDATE: '1999-01-01' })];
    expect(events[0]).to.include({ date: '2001-05-01', description: 'Merger', details: 'Acquirer Big Bank' });
    expect(eventsPerYear(events)).to.deep.equal([
      { year: '1999', count: 1 },
      { year: '2001', count: 2 },
    ]);
  });
});

describe('bank detail failure record', () => {
  it('reads the normalised shape and the FDIC codes alike, amounts in thousands shown in dollars', () => {
    const normalised = failureOf({ failDate: '2010-06-15', cityState: 'Reedburg, MO', assets: 1200, deposits: 900, estimatedLoss: 150, fin: '10123' });
    expect(normalised).to.deep.equal({ failDate: '2010-06-15', cityState: 'Reedburg, MO', assets: 1_200_000, deposits: 900_000, estimatedLoss: 150_000, fin: '10123' });
    const fdic = failureOf({ FAILDATE: '6/15/2010', CITYST: 'REEDBURG, MO', QBFASSET: 1200, QBFDEP: 900, COST: null, FIN: 10123 });
    expect(fdic).to.deep.equal({ failDate: '2010-06-15', cityState: 'REEDBURG, MO', assets: 1_200_000, deposits: 900_000, estimatedLoss: null, fin: '10123' });
  });
});
