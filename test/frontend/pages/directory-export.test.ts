import { expect } from 'chai';
import { directoryCsvColumns, directoryFileName } from '../../../frontend/src/pages/bank-directory/export.ts';
import { bankRowOf } from '../../../frontend/src/lib/fdic-row.ts';
import { toCsv } from '../../../frontend/src/resources/shared/csv.ts';

describe('the Bank Directory CSV file', () => {
  it('writes money in dollars (the regulator reports thousands), ratios to two decimals as listed, a missing figure empty, and the quarter on every row', () => {
    const row = bankRowOf({ CERT: 90266, NAME: 'Fairhollow Prairie Demo Bank, N.A.', CITY: 'Pike Bluff', STALP: 'OK', ASSET: 35510472, DEP: 29186482, OFFICES: 12, REGAGNT: 'OCC', BKCLASS: 'N', ROA: 1.2449, NCLNLSR: null, NTLNLS: 1200, LNRERSFM: 5000, LNAUTO: 0, LNCRCD: null });
    expect(toCsv([row], directoryCsvColumns('20250930')).split('\r\n')).to.deep.equal([
      'Cert,Bank,City,State,Quarter,Report date,Assets ($),Deposits ($),Offices,Regulator,Charter class,ROA (%),NPL ratio (%),Net charge-offs ($),1-4 family first liens ($),Auto loans ($),Credit card loans ($)',
      '90266,"Fairhollow Prairie Demo Bank, N.A.",Pike Bluff,OK,Q3 2025,2025-09-30,35510472000,29186482000,12,OCC,N,1.24,,1200000,5000000,0,',
    ]);
    expect(directoryFileName('20250630')).to.equal('bank-directory-2025-Q2');
  });
});
