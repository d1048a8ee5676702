import type { FdicRecord } from '../../backend/src/regulator/clients/fdic.ts';

const states = [
  ['IA', 'Iowa'],
  ['TX', 'Texas'],
  ['OH', 'Ohio'],
  ['CA', 'California'],
] as const;

/**
 * A small, deterministic BankFind data set in the API's record format (money in thousands):
 * `active` active and `inactive` closed institutions, and one financials record per active bank
 * for each report date given.
 */
export function fdicTestData(options: { active: number; inactive?: number; quarters: string[] }): { institutions: FdicRecord[]; financials: FdicRecord[] } {
  const institutions: FdicRecord[] = [];
  const total = options.active + (options.inactive ?? 0);
  for (let index = 0; index < total; index += 1) {
    const cert = 10_000 + index * 7;
    const [stalp, stname] = states[index % states.length];
    institutions.push({
      ID: String(cert),
      CERT: cert,
      NAME: `Test Bank ${index + 1}`,
      CITY: 'Springfield',
      STALP: stalp,
      STNAME: stname,
      ZIP: '50010',
      ACTIVE: index < options.active ? 1 : 0,
      BKCLASS: index % 3 === 0 ? 'N' : 'NM',
      REGAGNT: index % 3 === 0 ? 'OCC' : 'FDIC',
      ASSET: 100_000 + index * 1000,
      DEP: 80_000 + index * 800,
      CBSA_NO: index % 2 === 0 ? '10180' : null,
      CSA_NO: index % 4 === 0 ? '104' : null,
      OFFICES: 1 + (index % 5),
    });
  }
  const financials = options.quarters.flatMap((repdte, quarterIndex) =>
    institutions
      .filter((institution) => institution.ACTIVE === 1)
      .map((institution, index) => ({
        ID: `${institution.CERT}_${repdte}`,
        CERT: institution.CERT,
        REPDTE: repdte,
        ASSET: Number(institution.ASSET) + quarterIndex * 500,
        DEP: Number(institution.DEP),
        NETINC: 900 + index,
        ROA: 0.8 + (index % 10) / 10,
        NCLNLSR: 0.5 + (index % 4) / 4,
        RBC1RWAJ: 11 + (index % 6),
        INTINC: 5000,
        NONII: 1000,
        EINTEXP: 1200,
        LNLSGR: 60_000,
        LNRENRES: 10_000,
        LNREMULT: 2000,
        LNRECONS: 3000,
      })),
  );
  return { institutions, financials };
}

/**
 * A merger of `acquired` into `acquirer` as the history endpoint lists it: one event under each
 * bank, taking effect on `effective` (YYYY-MM-DD) and posted on `posted` (default: the same day).
 */
export function fdicMerger(acquired: FdicRecord, acquirer: FdicRecord, effective: string, posted = effective): FdicRecord[] {
  const event = (cert: FdicRecord[string], side: string): FdicRecord => ({
    ID: `${effective.replace(/-/g, '')}_223_${cert}_${side}`,
    CERT: cert,
    INSTNAME: cert === acquired.CERT ? acquired.NAME : acquirer.NAME,
    CHANGECODE: 223,
    CHANGECODE_DESC: 'Merger - Without Assistance',
    EFFDATE: `${effective}T00:00:00`,
    PROCDATE: `${posted}T00:00:00`,
    OUT_CERT: acquired.CERT,
    OUT_INSTNAME: acquired.NAME,
    ACQ_CERT: acquirer.CERT,
    ACQ_INSTNAME: acquirer.NAME,
    TRANSNUM: Number(effective.replace(/-/g, '')),
  });
  return [event(acquired.CERT, 'out'), event(acquirer.CERT, 'acq')];
}

/**
 * `bank`'s failure as the failures endpoint lists it (CERT as text, FAILDATE M/D/YYYY, money in
 * thousands; the acquirer is in the structure history, not here).
 */
export function fdicFailure(bank: FdicRecord, failed: string, id: number): FdicRecord {
  const [year, month, day] = failed.split('-').map(Number);
  return {
    ID: String(id),
    CERT: String(bank.CERT),
    NAME: String(bank.NAME).toUpperCase(),
    CITYST: `${String(bank.CITY ?? 'SPRINGFIELD').toUpperCase()}, ${bank.STALP ?? 'IA'}`,
    FAILDATE: `${month}/${day}/${year}`,
    FAILYR: String(year),
    QBFASSET: 120_000,
    QBFDEP: 110_000,
    COST: 9_500,
    RESTYPE: 'FAILURE',
    RESTYPE1: 'PA',
    SAVR: 'DIF',
  };
}
