import { expect } from 'chai';
import { reportCsvColumns, reportFileName } from '../../../frontend/src/pages/reports/exports.ts';
import { toCsv } from '../../../frontend/src/resources/shared/csv.ts';
import { inTimeZone } from '../../support/time-zone.ts';

describe('the Reports CSV files', () => {
  it('name the automation outcomes as the chart does, under headers in words', () => {
    const rows = [
      { outcome: 'active', count: 5 },
      { outcome: 'stopped:manual', count: 2 },
      { outcome: 'stopped:replied', count: 1 },
    ];
    expect(toCsv(rows, reportCsvColumns.automation).split('\r\n')).to.deep.equal(['Outcome,Count', 'Active,5', 'Stopped: By you,2', 'Stopped: Replied,1']);
  });

  it('write weeks as the date of their Monday and counts as numbers', () => {
    expect(toCsv([{ week: '2026-12-28', count: 0 }, { week: '2027-01-04', count: 3 }], reportCsvColumns['emails-per-week']).split('\r\n')).to.deep.equal([
      'Week starting (Monday),Emails sent',
      '2026-12-28,0',
      '2027-01-04,3',
    ]);
  });

  it('write a contact as yes and no, quoting a name that holds a comma, a quote or a line break', () => {
    const row = { id: 'c-1', name: 'Rae "RJ" Plier, Jr.\nCFO', title: 'VP', bankId: 703, bankName: 'Gamma, The Bank', email: null, isHotLead: true, replied: false };
    expect(toCsv([row], reportCsvColumns.contacts)).to.equal('Contact id,Name,Title,Cert,Bank,Email,Hot lead,Replied\r\nc-1,"Rae ""RJ"" Plier, Jr.\nCFO",VP,703,"Gamma, The Bank",,yes,no');
  });

  it('keep a bank\'s figures as numbers in dollars and percent, a missing one empty', () => {
    const row = { cert: 701, name: 'Gamma Bank', city: 'Austin', state: 'TX', isTarget: false, assets: 1250000000, roa: -0.42, nplRatio: null, contacts: 2 };
    expect(toCsv([row], reportCsvColumns.targets).split('\r\n')).to.deep.equal([
      'Cert,Bank,City,State,Target,Total assets ($),ROA (%),NPL ratio (%),Contacts',
      '701,Gamma Bank,Austin,TX,no,1250000000,-0.42,,2',
    ]);
  });

  it('name the file by the moment the report is as of on the user\'s clock, as the page says it', () => {
    // 15:00 UTC is 10:00 AM in New York: the file must not say 1500
    expect(inTimeZone('America/New_York', () => reportFileName('contacts', '2026-11-29T15:00:00.000Z'))).to.equal('contacts-as-of-2026-11-29T1000');
    expect(inTimeZone('Asia/Tokyo', () => reportFileName('funnel', '2026-12-31T15:30:00.000Z'))).to.equal('funnel-as-of-2027-01-01T0030');
    expect(reportFileName('funnel', null)).to.equal('funnel');
  });
});
