import { type RawRecord, parseFdicDate, thousandsToDollars, toInteger, toText } from './values.ts';

/** fdic_failures rows: bank failures from the failures endpoint and the Failed Bank List. */

export type FailureRow = {
  id: string;
  cert: number | null;
  name: string | null;
  city: string | null;
  state: string | null;
  city_state: string | null;
  fail_date: string | null;
  assets: number | null;
  deposits: number | null;
  estimated_loss: number | null;
  fin: string | null;
  resolution_type: string | null;
  acquirer: string | null;
  raw: RawRecord;
  is_demo: boolean;
};

/**
 * A fdic_failures row from a failures-endpoint record (QBFASSET, QBFDEP and COST in thousands),
 * keyed `{cert}-{fail date}` when it has both (the endpoint's own ID stays in raw).
 */
export function normaliseFailure(record: RawRecord): FailureRow {
  const cert = toInteger(record.CERT);
  const failDate = parseFdicDate(record.FAILDATE);
  const name = toText(record.NAME);
  const cityState = toText(record.CITYST);
  const [cityPart, statePart] = cityState ? cityState.split(',').map((part) => part.trim()) : [null, null];
  const city = toText(record.CITY) ?? cityPart ?? null;
  const state = toText(record.PSTALP) ?? statePart ?? null;
  // One failure, one row, whichever list it came from: the failed-bank list has no ID and the
  // failures endpoint a numeric one, but both give the CERT and the closing date.
  const id = cert !== null && cert > 0 && failDate ? `${cert}-${failDate}` : (toText(record.ID) ?? `${cert ?? name ?? 'unknown'}-${failDate ?? 'undated'}`);
  return {
    id,
    cert,
    name,
    city,
    state,
    city_state: cityState ?? (city && state ? `${city}, ${state}` : city),
    fail_date: failDate,
    assets: thousandsToDollars(record.QBFASSET),
    deposits: thousandsToDollars(record.QBFDEP),
    estimated_loss: thousandsToDollars(record.COST),
    fin: toText(record.FIN),
    resolution_type: toText(record.RESTYPE1 ?? record.RESTYPE),
    acquirer: toText(record.BIDNAME ?? record.ACQUIRER),
    raw: record,
    is_demo: false,
  };
}
