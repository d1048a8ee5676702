import { assessRisk } from '../../../domain/risk.ts';

export { riskNotAvailableReason } from '../../../domain/risk.ts';

/**
 * A bank list row read from an FDIC-style record (field codes, money in thousands) into the names the
 * directory and the risk modal show (money in dollars). The risk score is the server's when it sends
 * one, else the risk score from ROA, NPL and Tier 1 (the same function the server uses).
 */

export type FdicRecordValue = string | number | boolean | null | undefined;

export type BankRow = {
  cert: number;
  name: string;
  city: string | null;
  state: string | null;
  assets: number | null;
  deposits: number | null;
  offices: number | null;
  regulator: string | null;
  charterClass: string | null;
  roa: number | null;
  nplRatio: number | null;
  tier1CapitalRatio: number | null;
  netChargeOffs: number | null;
  firstLiens: number | null;
  autoLoans: number | null;
  creditCards: number | null;
  riskScore: number | null;
};

function numberOf(value: FdicRecordValue): number | null {
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value === 'string' && value.trim() !== '') {
    const parsed = Number(value);
    return Number.isFinite(parsed) ? parsed : null;
  }
  return null;
}

function textOf(value: FdicRecordValue): string | null {
  if (value === null || value === undefined) return null;
  const text = String(value).trim();
  return text === '' ? null : text;
}

/** Money codes are reported in thousands of dollars. */
function dollars(value: FdicRecordValue): number | null {
  const thousands = numberOf(value);
  return thousands === null ? null : thousands * 1000;
}

export function bankRowOf(record: Record<string, FdicRecordValue>): BankRow {
  const roa = numberOf(record.ROA) ?? numberOf(record.ROAQ);
  const nplRatio = numberOf(record.NCLNLSR);
  const tier1CapitalRatio = numberOf(record.RBC1RWAJ);
  const serverScore = numberOf(record.RISK_SCORE ?? record.riskScore);
  return {
    cert: numberOf(record.CERT) ?? 0,
    name: textOf(record.NAME) ?? textOf(record.NAMEFULL) ?? 'Unknown Bank',
    city: textOf(record.CITY),
    state: textOf(record.STALP) ?? textOf(record.STNAME),
    assets: dollars(record.ASSET),
    deposits: dollars(record.DEP),
    offices: numberOf(record.OFFICES),
    regulator: textOf(record.REGAGNT),
    charterClass: textOf(record.BKCLASS),
    roa,
    nplRatio,
    tier1CapitalRatio,
    netChargeOffs: dollars(record.NTLNLS),
    firstLiens: dollars(record.LNRERSFM),
    autoLoans: dollars(record.LNAUTO),
    creditCards: dollars(record.LNCRCD),
    riskScore: serverScore ?? assessRisk({ roa, nplRatio, tier1CapitalRatio })?.score ?? null,
  };
}

/** Rows of an FDIC list answer (`{ data: [{ data: {...} }], meta: { total } }`); flat items are accepted too. */
export function bankRowsOf(answer: { data?: Array<{ data?: Record<string, FdicRecordValue> } | Record<string, FdicRecordValue>> } | undefined): BankRow[] {
  return (answer?.data ?? []).map((item) => {
    const wrapped = (item as { data?: unknown }).data;
    const record = wrapped && typeof wrapped === 'object' ? (wrapped as Record<string, FdicRecordValue>) : (item as Record<string, FdicRecordValue>);
    return bankRowOf(record);
  });
}

/** Client-side search of the loaded page by name or CERT (the risk modal). */
export function matchesNameOrCert(row: Pick<BankRow, 'name' | 'cert'>, query: string): boolean {
  const text = query.trim().toLowerCase();
  if (!text) return true;
  return row.name.toLowerCase().includes(text) || String(row.cert).includes(text);
}
