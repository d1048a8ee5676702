import { expect } from 'chai';
import {
  InvalidRecordError,
  normaliseFailure,
  normaliseFinancials,
  normaliseFinancialsBatch,
  normaliseHistoryEvent,
  normaliseInstitution,
  normaliseInstitutionsBatch,
  normaliseLocation,
  normaliseSod,
  parseFdicDate,
  quarterLabel,
  toNumber,
} from './index.ts';
import { assessRisk } from '../../../../domain/risk.ts';
import { percentOf } from '../../../../domain/derived-ratios.ts';
import { columnsOfRows, type Columns } from '../engine/columns.ts';

describe('regulator normalisation', () => {
  describe('normaliseInstitution', () => {
    const base = { CERT: '628', NAME: 'First Example Bank', STALP: 'OH', ASSET: 1234, DEP: '1000.5', ACTIVE: 1 };

    it('multiplies money fields by 1000 and keeps ratios as given', () => {
      const row = normaliseInstitution({ ...base, EQ: 100, NETINC: -5, ROA: 1.23, ROAQ: '0.91', ROE: 10.5 });
      expect(row).to.include({ cert: 628, assets: 1_234_000, deposits: 1_000_500, total_equity: 100_000, net_income: -5_000 });
      expect(row).to.include({ roa: 1.23, roaq: 0.91, roe: 10.5 });
    });

    it('falls back from NAME to NAMEFULL to Unknown Bank', () => {
      expect(normaliseInstitution(base).name).to.equal('First Example Bank');
      expect(normaliseInstitution({ ...base, NAME: '  ', NAMEFULL: 'The Full Name' }).name).to.equal('The Full Name');
      expect(normaliseInstitution({ ...base, NAME: undefined }).name).to.equal('Unknown Bank');
    });

    it('takes the state from STALP, else maps STNAME to its code', () => {
      expect(normaliseInstitution(base).state).to.equal('OH');
      const fromName = normaliseInstitution({ ...base, STALP: '', STNAME: 'NORTH DAKOTA' });
      expect(fromName.state).to.equal('ND');
      expect(fromName.state_name).to.equal('North Dakota');
      expect(normaliseInstitution({ ...base, STALP: null, STNAME: 'Atlantis' }).state).to.equal(null);
    });

    it('reads flags, codes and dates in the formats the FDIC publishes', () => {
      const row = normaliseInstitution({
        ...base,
        ACTIVE: '0',
        REGAGNT: 'occ',
        BKCLASS: 'n',
        ZIP: 2110,
        CBSA_NO: '14460',
        CBSA: 'Boston-Cambridge-Newton, MA-NH',
        CBSA_METRO_FLG: '1',
        CSA_NO: 148,
        MDI_STATUS_CODE: '3',
        ESTYMD: '01/15/1990',
        INSDATE: '1990-02-01T00:00:00',
        OFFICES: '12',
      });
      expect(row).to.include({ active: false, regulator: 'OCC', charter_class: 'N', zip: '02110', cbsa_code: '14460', is_metro: true });
      expect(row).to.include({ csa_code: '148', minority_status_code: 3, established_date: '1990-01-15', insured_date: '1990-02-01', offices: 12 });
    });

    it('treats a record without ACTIVE as active and keeps the source record\'s given fields as raw', () => {
      const row = normaliseInstitution({ ...base, NAMEHCR: null, CITY: undefined });
      expect(row.active).to.equal(true);
      expect(row.raw).to.deep.equal(base);
      expect(row.is_demo).to.equal(false);
    });

    it('rejects a record without a CERT', () => {
      expect(() => normaliseInstitution({ NAME: 'No Cert Bank' })).to.throw(InvalidRecordError, /CERT/);
    });
  });

  describe('normaliseFinancials', () => {
    const record = {
      CERT: 628,
      REPDTE: '20240630',
      ASSET: 1000,
      DEP: 800,
      EQTOT: 120,
      NETINC: 9,
      NTLNLS: 2,
      LNLSGR: 600,
      LNLSNET: 590,
      LNRE: 300,
      LNRERES: 150,
      LNRERSFM: 120,
      LNRENRES: 40,
      LNREMULT: 20,
      LNRECONS: 15,
      LNCI: 100,
      LNCON: 80,
      LNCRCD: 30,
      LNAUTO: 25,
      LNAG: 10,
      LNOTHER: 5,
      LS: 5,
      NALNLS: 6,
      INTINC: 40,
      NONII: 10,
      EINTEXP: 8,
      ORE: 2,
      BRO: 40,
      COREDEP: 600,
      P3RE: 3,
      DRCI: 1,
      ROA: 1.1,
      ROAQ: 1.2,
      NCLNLSR: 0.8,
      RBC1RWAJ: 12,
      NIMY: 3.4,
      EEFFR: 61.5,
    };

    it('keys the row by cert and report date, with the date as a date', () => {
      const row = normaliseFinancials(record);
      expect(row).to.include({ cert: 628, repdte: '20240630', report_date: '2024-06-30' });
      expect(normaliseFinancials({ ...record, REPDTE: '6/30/2024' }).repdte).to.equal('20240630');
    });

    it('converts money to dollars and loan categories to gross amounts', () => {
      const row = normaliseFinancials(record);
      expect(row).to.include({ assets: 1_000_000, deposits: 800_000, total_equity: 120_000, net_income: 9_000 });
      expect(row).to.include({
        loans_and_leases_gross: 600_000,
        total_loans_and_leases: 590_000,
        loans_re_gross: 300_000,
        loans_re_1_4_family_gross: 150_000,
        loans_re_1_4_family_first_liens: 120_000,
        loans_re_commercial_gross: 75_000,
        loans_ci_gross: 100_000,
        loans_consumer_gross: 80_000,
        loans_consumer_credit_card_gross: 30_000,
        loans_consumer_auto_gross: 25_000,
        loans_ag_gross: 10_000,
        loans_other_gross: 5_000,
        leases_gross: 5_000,
        past_due_30_89_re: 3_000,
        charge_offs_ci: 1_000,
      });
    });

    it('keeps ratios as given', () => {
      const row = normaliseFinancials(record);
      expect(row).to.include({ roa: 1.1, roaq: 1.2, npl_ratio: 0.8, tier1_capital_ratio: 12, net_interest_margin: 3.4, efficiency_ratio: 61.5 });
    });

    it('computes the derived ratios as percentages', () => {
      const row = normaliseFinancials(record);
      expect(row.non_interest_income_to_revenue).to.be.closeTo((10 / 50) * 100, 1e-9);
      // Interest expense to June 30 (year to date) doubled: a yearly rate, as every quarter's is.
      expect(row.cost_of_funds).to.be.closeTo(((8 * 2) / 800) * 100, 1e-9);
      expect(row.oreo_to_assets).to.be.closeTo((2 / 1000) * 100, 1e-9);
      expect(row.cre_concentration).to.be.closeTo((75 / 600) * 100, 1e-9);
      expect(row.brokered_deposits_ratio).to.be.closeTo(5, 1e-9);
      expect(row.core_deposits_ratio).to.be.closeTo(75, 1e-9);
      expect(row.nonaccrual_ratio).to.be.closeTo(1, 1e-9);
    });

    it('stores equity to assets from total equity over total assets when the record has no EQV, and EQV when it has', () => {
      expect(normaliseFinancials(record).equity_to_assets_ratio).to.be.closeTo(12, 1e-9);
      expect(normaliseFinancials({ ...record, EQV: 11.9 }).equity_to_assets_ratio).to.equal(11.9);
    });

    it('stores cost of funds annualised, so a March quarter and a September one read on one yearly scale', () => {
      expect(normaliseFinancials({ ...record, REPDTE: '20240331', EINTEXP: 4 }).cost_of_funds).to.be.closeTo(2, 1e-9);
      expect(normaliseFinancials({ ...record, REPDTE: '20240930', EINTEXP: 12 }).cost_of_funds).to.be.closeTo(2, 1e-9);
      expect(normaliseFinancials({ ...record, REPDTE: '20241231', EINTEXP: 16 }).cost_of_funds).to.be.closeTo(2, 1e-9);
    });

    it('leaves a derived ratio null when its denominator is missing, zero or negative', () => {
      const row = normaliseFinancials({ ...record, DEP: 0, LNLSGR: undefined, ASSET: -1, INTINC: undefined, NONII: undefined });
      expect(row.cost_of_funds).to.equal(null);
      expect(row.brokered_deposits_ratio).to.equal(null);
      expect(row.core_deposits_ratio).to.equal(null);
      expect(row.cre_concentration).to.equal(null);
      expect(row.nonaccrual_ratio).to.equal(null);
      expect(row.oreo_to_assets).to.equal(null);
      expect(row.non_interest_income_to_revenue).to.equal(null);
    });

    it('leaves the non-interest income share not available, not 100%, when the record has no interest income', () => {
      expect(normaliseFinancials({ ...record, INTINC: undefined }).non_interest_income_to_revenue).to.equal(null);
      expect(normaliseFinancials({ ...record, INTINC: 0 }).non_interest_income_to_revenue).to.equal(100);
    });

    it('leaves a derived ratio not available (null), not 0%, when its numerator is not in the record', () => {
      const row = normaliseFinancials({ ...record, BRO: undefined });
      expect(row.brokered_deposits_ratio).to.equal(null);
      expect(percentOf(null, 50)).to.equal(null);
      expect(percentOf(0, 50)).to.equal(0);
    });

    it('falls back from EQ to EQTOT and from NTLNLS to charge-offs minus recoveries', () => {
      expect(normaliseFinancials({ ...record, EQ: 130 }).total_equity).to.equal(130_000);
      const row = normaliseFinancials({ ...record, NTLNLS: undefined, DRLNLS: 7, CRLNLS: 2 });
      expect(row.net_charge_offs).to.equal(5_000);
    });

    it('leaves commercial real estate null only when none of its parts is reported', () => {
      expect(normaliseFinancials({ ...record, LNREMULT: undefined, LNRECONS: undefined }).loans_re_commercial_gross).to.equal(40_000);
      expect(normaliseFinancials({ ...record, LNRENRES: undefined, LNREMULT: undefined, LNRECONS: undefined }).loans_re_commercial_gross).to.equal(null);
    });

    it('stores the risk score, or null without all three inputs', () => {
      expect(normaliseFinancials(record).risk_score).to.equal(assessRisk({ roa: 1.1, nplRatio: 0.8, tier1CapitalRatio: 12 })!.score);
      expect(normaliseFinancials({ ...record, RBC1RWAJ: undefined }).risk_score).to.equal(null);
    });

    it('rejects a record without a valid REPDTE', () => {
      expect(() => normaliseFinancials({ CERT: 1, REPDTE: 'soon' })).to.throw(InvalidRecordError, /REPDTE/);
    });
  });

  describe('batches of records as columns', () => {
    const institutions = [
      { CERT: '1', NAME: 'Alpha Bank', STNAME: 'NEW YORK', ZIP: '501', ACTIVE: '1', ASSET: '100', REGAGNT: 'fdic' },
      { CERT: '2', NAMEFULL: 'Beta Savings', STALP: 'nj', EQTOT: '7', ESTYMD: '2/3/1999', CBSA_METRO: '35620' },
      { CERT: 'none', NAME: 'No Cert Bank' },
      { CERT: 3, STNAME: 'NEW YORK', ACTIVE: 0, OFFDOM: '4', REPDTE: '20240630' },
    ];
    const financials = [
      { CERT: '1', REPDTE: '20240630', ASSET: '100', DEP: '80', EINTEXP: '2', SC: '9' },
      { CERT: '2', REPDTE: 'soon', ASSET: '5' },
      { REPDTE: '20240630', ASSET: '5' },
      { CERT: '3', REPDTE: '20240630', EQTOT: '11', DRLNLS: '3', CRLNLS: '1', ROA: '1.1', NCLNLSR: '0.5', RBC1RWAJ: '14' },
    ];
    const rowsOf = ({ rows }: { rows: Columns }) => Array.from({ length: rows.size }, (_, index) => Object.fromEntries([...rows.columns].map(([column, cells]) => [column, cells[index]])));

    it('normalises each institution of a batch as it would alone, and lists the records without a CERT by index', () => {
      const batch = normaliseInstitutionsBatch(columnsOfRows(institutions));
      expect(rowsOf(batch)).to.deep.equal([institutions[0], institutions[1], institutions[3]].map((record) => normaliseInstitution(record)));
      expect(batch.rejected).to.have.length(1);
      expect(batch.rejected[0]).to.include({ index: 2 });
      expect(batch.rejected[0].message).to.match(/no CERT/);
    });

    it('normalises each financials record of a batch as it would alone, and lists refused records in input order', () => {
      const batch = normaliseFinancialsBatch(columnsOfRows(financials));
      expect(rowsOf(batch)).to.deep.equal([financials[0], financials[3]].map(normaliseFinancials));
      expect(batch.rejected.map(({ index }) => index)).to.deep.equal([1, 2]);
      expect(batch.rejected[0].message).to.match(/CERT 2 has no valid REPDTE \(soon\)/);
    });

    it('keeps in raw only the codes it is asked to', () => {
      const batch = normaliseFinancialsBatch(columnsOfRows(financials.slice(0, 1)), { keepInRaw: (code) => code === 'SC' });
      expect(batch.rows.columns.get('raw')).to.deep.equal([{ SC: '9' }]);
    });
  });

  describe('scalars and labels', () => {
    it('labels quarters Q{ceil(month/3)} {year}', () => {
      expect(quarterLabel('20240331')).to.equal('Q1 2024');
      expect(quarterLabel('20240630')).to.equal('Q2 2024');
      expect(quarterLabel('20230930')).to.equal('Q3 2023');
      expect(quarterLabel('20221231')).to.equal('Q4 2022');
      expect(quarterLabel('20220115')).to.equal('Q1 2022');
    });

    it('parses every FDIC date format and rejects non-dates', () => {
      expect(parseFdicDate('20240630')).to.equal('2024-06-30');
      expect(parseFdicDate('2000-01-15T00:00:00')).to.equal('2000-01-15');
      expect(parseFdicDate('12/31/2008')).to.equal('2008-12-31');
      expect(parseFdicDate('30-Jan-26')).to.equal('2026-01-30');
      expect(parseFdicDate('')).to.equal(null);
      expect(parseFdicDate('20241341')).to.equal(null);
      expect(parseFdicDate('later')).to.equal(null);
    });

    it('parses numbers from numbers and numeric strings only', () => {
      expect(toNumber('1,234.5')).to.equal(1234.5);
      expect(toNumber(' -2 ')).to.equal(-2);
      expect(toNumber('NA')).to.equal(null);
      expect(toNumber('')).to.equal(null);
      expect(toNumber(Number.NaN)).to.equal(null);
    });
  });

  describe('branches, deposits, history and failures', () => {
    it('normalises a location with its main-office flag and coordinates', () => {
      const row = normaliseLocation({ UNINUM: 77, CERT: 5, OFFNAME: 'Main', MAINOFF: 1, STNAME: 'Texas', LATITUDE: '30.1', LONGITUDE: -97.7, ESTYMD: '03/04/1950', SERVTYPE_DESC: 'Full Service' });
      expect(row).to.include({ id: '77', cert: 5, is_main_office: true, state: 'TX', latitude: 30.1, longitude: -97.7, established_date: '1950-03-04', service_type: 'Full Service' });
    });

    it('normalises a Summary of Deposits branch with deposits in dollars', () => {
      const row = normaliseSod({ YEAR: 2023, CERT: 5, UNINUMBR: 9001, NAMEBR: 'Uptown', DEPSUMBR: '2,500', BKMO: 0, BRSERTYP: 11, SIMS_LATITUDE: 40, SIMS_LONGITUDE: -75, MSABR: 37980 });
      expect(row).to.include({ id: '2023-9001', deposits: 2_500_000, is_main_office: false, latitude: 40, cbsa_code: '37980' });
    });

    it('normalises a history event with a readable detail line', () => {
      const row = normaliseHistoryEvent({ CERT: 5, EFFDATE: '2010-05-01T00:00:00', CHANGECODE: '223', CHANGECODE_DESC: 'Merger', ACQ_INSTNAME: 'Bigger Bank', TRANSNUM: 42 });
      expect(row).to.include({ id: '5-42-223', effective_date: '2010-05-01', change_code: 223, details: 'Acquirer: Bigger Bank.' });
    });

    it('normalises a failure with amounts in dollars and the city and state split', () => {
      const row = normaliseFailure({ CERT: 5, NAME: 'Gone Bank', CITYST: 'SPRINGFIELD, IL', FAILDATE: '5/1/2009', QBFASSET: 100, QBFDEP: 90, COST: 12, FIN: '10001' });
      expect(row).to.include({ cert: 5, city: 'SPRINGFIELD', state: 'IL', fail_date: '2009-05-01', assets: 100_000, deposits: 90_000, estimated_loss: 12_000, fin: '10001' });
    });

    it('keys a failure on its CERT and closing date, whatever ID its source gave, and on the ID without a CERT', () => {
      expect(normaliseFailure({ CERT: 57488, ID: '4114', FAILDATE: '2026-01-30' }).id).to.equal('57488-2026-01-30');
      expect(normaliseFailure({ CERT: 57488, FAILDATE: '30-Jan-26' }).id).to.equal('57488-2026-01-30');
      expect(normaliseFailure({ ID: '1', NAME: 'Fon Du Lac State Bank', FAILDATE: '1934-05-28' }).id).to.equal('1');
      expect(normaliseFailure({ NAME: 'Fon Du Lac State Bank', FAILDATE: '1934-05-28' }).id).to.equal('Fon Du Lac State Bank-1934-05-28');
    });
  });
});
