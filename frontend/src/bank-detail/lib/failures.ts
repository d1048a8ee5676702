/** The Institution Failure Record (failDate, cityState, assets, deposits, estimatedLoss, fin). */

import { firstNum, isoDate, text, type RawRecord } from '../../banks/records.ts';

export type FailureRecord = { failDate: string | null; cityState: string | null; assets: number | null; deposits: number | null; estimatedLoss: number | null; fin: string | null };

/** A failure record from the normalised shape or the FDIC failures fields; amounts are in thousands either way. */
export function failureOf(record: RawRecord): FailureRecord {
  const dollars = (...codes: string[]) => {
    const value = firstNum(record, ...codes);
    return value === null ? null : value * 1000;
  };
  return {
    failDate: isoDate(record.failDate ?? record.FAILDATE),
    cityState: text(record, 'cityState', 'CITYST'),
    assets: dollars('assets', 'QBFASSET'),
    deposits: dollars('deposits', 'QBFDEP'),
    estimatedLoss: dollars('estimatedLoss', 'COST'),
    fin: text(record, 'fin', 'FIN'),
  };
}
