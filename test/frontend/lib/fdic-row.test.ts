import { expect } from 'chai';
import { bankRowOf, bankRowsOf, matchesNameOrCert } from '../../../frontend/src/lib/fdic-row.ts';

describe('bank list rows from FDIC records', () => {
  it('turns money codes from thousands into dollars and keeps ratios', () => {
    const row = bankRowOf({ CERT: '3511', NAME: 'First Harbor Bank', CITY: 'Portland', STALP: 'ME', ASSET: 1_250_000, DEP: '900000', OFFICES: 12, REGAGNT: 'OCC', ROA: 1.1, NCLNLSR: 0.4, NTLNLS: 250, LNRERSFM: 400_000, LNAUTO: 10_000, LNCRCD: null });
    expect(row).to.include({ cert: 3511, name: 'First Harbor Bank', state: 'ME', assets: 1_250_000_000, deposits: 900_000_000, offices: 12, roa: 1.1, nplRatio: 0.4 });
    expect(row.netChargeOffs).to.equal(250_000);
    expect(row.firstLiens).to.equal(400_000_000);
    expect(row.creditCards).to.equal(null);
  });

  it("falls back to the full name, then 'Unknown Bank'", () => {
    expect(bankRowOf({ CERT: 1, NAMEFULL: 'The Full Name' }).name).to.equal('The Full Name');
    expect(bankRowOf({ CERT: 1 }).name).to.equal('Unknown Bank');
  });

  it('scores risk from ROA, NPL and Tier 1 only when all three are present', () => {
    expect(bankRowOf({ CERT: 1, ROA: 1.25, NCLNLSR: 1, RBC1RWAJ: 10 }).riskScore).to.be.closeTo(((20 + 25 + 20) / 3), 1e-9);
    expect(bankRowOf({ CERT: 1, ROA: 1.25, NCLNLSR: 1 }).riskScore).to.equal(null);
    expect(bankRowOf({ CERT: 1, RISK_SCORE: 42 }).riskScore).to.equal(42);
  });

  it('reads wrapped and flat list items', () => {
    const rows = bankRowsOf({ data: [{ data: { CERT: 1, NAME: 'A' } }, { CERT: 2, NAME: 'B' }] });
    expect(rows.map((row) => row.name)).to.deep.equal(['A', 'B']);
  });

  it('matches the loaded rows by name or CERT', () => {
    const row = { name: 'Prairie State Bank', cert: 57842 };
    expect(matchesNameOrCert(row, 'prairie')).to.equal(true);
    expect(matchesNameOrCert(row, '5784')).to.equal(true);
    expect(matchesNameOrCert(row, 'harbor')).to.equal(false);
    expect(matchesNameOrCert(row, '  ')).to.equal(true);
  });
});
