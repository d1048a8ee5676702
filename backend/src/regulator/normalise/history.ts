import { type RawRecord, parseFdicDate, requireCert, toInteger, toText } from './values.ts';

/** fdic_history rows: structure-change events from the history endpoint. */

export type HistoryRow = {
  id: string;
  cert: number;
  effective_date: string | null;
  change_code: number | null;
  change_description: string | null;
  institution_name: string | null;
  details: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/** What happened, in one sentence, from the acquirer/outgoing fields a structure event carries. */
function historyDetails(record: RawRecord): string | null {
  const acquirer = toText(record.ACQ_INSTNAME);
  const outgoing = toText(record.OUT_INSTNAME);
  const parts: string[] = [];
  if (outgoing) parts.push(`Outgoing institution: ${outgoing}.`);
  if (acquirer) parts.push(`Acquirer: ${acquirer}.`);
  const city = toText(record.PCITY);
  const state = toText(record.PSTALP);
  if (parts.length === 0 && city) parts.push(`Location: ${city}${state ? `, ${state}` : ''}.`);
  return toText(record.DETAILS) ?? (parts.length > 0 ? parts.join(' ') : null);
}

/** A fdic_history row from a history-endpoint record (one structure-change event). */
export function normaliseHistoryEvent(record: RawRecord): HistoryRow {
  const cert = requireCert(record);
  const effectiveDate = parseFdicDate(record.EFFDATE ?? record.PROCDATE);
  const changeCode = toInteger(record.CHANGECODE);
  const id = toText(record.ID) ?? `${cert}-${toText(record.TRANSNUM) ?? effectiveDate ?? 'undated'}-${changeCode ?? 0}`;
  return {
    id,
    cert,
    effective_date: effectiveDate,
    change_code: changeCode,
    change_description: toText(record.CHANGECODE_DESC),
    institution_name: toText(record.INSTNAME),
    details: historyDetails(record),
    raw: record,
    is_demo: false,
  };
}
