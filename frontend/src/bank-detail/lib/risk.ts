import { assessRisk, riskCategory, riskNotAvailableReason } from '../../../../domain/risk.ts';
import { formatPercent, scoreColor, type RatingColor } from '../../../../domain/format.ts';
import { firstNum, type RawRecord } from '../../banks/records.ts';

/** What the risk score is, in a sentence a reader of the panel needs beside the number. */
export const RISK_SCORE_EXPLAINED =
  'The mean of three factor scores, each from 0 (least risk) to 100 (most): ROA, noncurrent loans ratio and Tier 1 capital ratio. Below 33.3 is Low Risk, below 66.6 Medium Risk, otherwise High Risk.';

export type RiskLine = { label: string; value: string; rating?: RatingColor };

/**
 * A quarter's risk score as the Financials panel lists it: the score out of 100 and its category,
 * then each factor's figure, the score it gives and that score's category (in words, as the colour
 * they are shown in tells it only to a reader who sees it). Without all three figures there is no score,
 * and the one line says which figure is missing.
 */
export function riskLines(record: RawRecord): RiskLine[] {
  const input = { roa: firstNum(record, 'ROA', 'roa'), nplRatio: firstNum(record, 'NCLNLSR', 'nplRatio'), tier1CapitalRatio: firstNum(record, 'RBC1RWAJ', 'tier1CapitalRatio') };
  const risk = assessRisk(input);
  if (!risk) return [{ label: 'Risk Score', value: riskNotAvailableReason(input) }];
  const factor = (value: number, score: number) => `${formatPercent(value)} → ${score.toFixed(1)} · ${riskCategory(score)}`;
  return [
    { label: 'Risk Score', value: `${risk.score.toFixed(1)} of 100 · ${risk.category}`, rating: scoreColor(risk.score) },
    { label: 'ROA factor', value: factor(risk.factors.roa.value, risk.factors.roa.score), rating: scoreColor(risk.factors.roa.score) },
    { label: 'Noncurrent loans factor', value: factor(risk.factors.npl.value, risk.factors.npl.score), rating: scoreColor(risk.factors.npl.score) },
    { label: 'Tier 1 capital factor', value: factor(risk.factors.tier1Capital.value, risk.factors.tier1Capital.score), rating: scoreColor(risk.factors.tier1Capital.score) },
  ];
}
