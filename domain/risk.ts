/**
 * Risk score and category of a bank. Each factor is a piecewise linear score clamped to
 * 0-100; the score is the mean of the three; without all three inputs there is no score (N/A).
 *
 * The spec fixes each segment's end points; where a segment is open-ended ("falling toward 0",
 * "up to 100") we chose the slope, stated beside it. All inputs are percentages as the FDIC reports
 * them (ROA 1.1 means 1.1 %, NCLNLSR 0.8 means 0.8 %, RBC1RWAJ 12 means 12 %).
 */

export type RiskCategory = 'Low Risk' | 'Medium Risk' | 'High Risk';

export type RiskAssessment = {
  score: number;
  category: RiskCategory;
  factors: {
    roa: { value: number; score: number };
    npl: { value: number; score: number };
    tier1Capital: { value: number; score: number };
  };
};

const clamp = (value: number) => Math.min(100, Math.max(0, value));

/** Linear from `fromScore` at `fromValue` to `toScore` at `toValue`. */
const along = (value: number, fromValue: number, toValue: number, fromScore: number, toScore: number) =>
  fromScore + ((value - fromValue) / (toValue - fromValue)) * (toScore - fromScore);

/** ROA: above 1.25 → 20 falling to 0 at 2.25; 0.5-1.25 → 60 down to 20; below 0.5 → 100 (at 0 and below) down to 40 (toward 0.5). */
export function roaRiskScore(roa: number): number {
  if (roa > 1.25) return clamp(along(roa, 1.25, 2.25, 20, 0));
  if (roa >= 0.5) return clamp(along(roa, 0.5, 1.25, 60, 20));
  return clamp(along(roa, 0, 0.5, 100, 40));
}

/** NPL %: under 1 → 0 to 25; 1-2.5 → 25 to 75; above 2.5 → 75 rising to 100 at 5 (capped). */
export function nplRiskScore(npl: number): number {
  if (npl < 1) return clamp(along(npl, 0, 1, 0, 25));
  if (npl <= 2.5) return clamp(along(npl, 1, 2.5, 25, 75));
  return clamp(along(npl, 2.5, 5, 75, 100));
}

/** Tier 1 capital %: above 10 → 20 falling to 0 at 20; 8-10 → 60 to 20; below 8 → 60 rising to 100 at 4. */
export function tier1RiskScore(tier1: number): number {
  if (tier1 > 10) return clamp(along(tier1, 10, 20, 20, 0));
  if (tier1 >= 8) return clamp(along(tier1, 8, 10, 60, 20));
  return clamp(along(tier1, 8, 4, 60, 100));
}

/** Category cut points: below 33.3 Low, below 66.6 Medium, otherwise High. */
export function riskCategory(score: number): RiskCategory {
  if (score < 33.3) return 'Low Risk';
  if (score < 66.6) return 'Medium Risk';
  return 'High Risk';
}

const isNumber = (value: number | null | undefined): value is number => typeof value === 'number' && Number.isFinite(value);

/** The risk score's inputs, with the FDIC field each comes from. None can be derived from the fields the bulk files hold. */
export const riskInputs = [
  { key: 'roa', label: 'ROA (ROA)' },
  { key: 'nplRatio', label: 'noncurrent loans ratio (NCLNLSR)' },
  { key: 'tier1CapitalRatio', label: 'Tier 1 risk-based capital ratio (RBC1RWAJ)' },
] as const;

/** The inputs of the risk score a bank lacks, as people read them; empty when the score can be computed. */
export function missingRiskInputs(input: { roa?: number | null; nplRatio?: number | null; tier1CapitalRatio?: number | null }): string[] {
  return riskInputs.filter(({ key }) => !isNumber(input[key])).map(({ label }) => label);
}

/** Why a bank has no risk score: the sentence an N/A tooltip shows. */
export function riskNotAvailableReason(input: { roa?: number | null; nplRatio?: number | null; tier1CapitalRatio?: number | null }): string {
  const missing = missingRiskInputs(input);
  return missing.length === 0 ? '' : `No risk score: ${missing.join(', ')} not in the imported data.`;
}

export function assessRisk(input: { roa?: number | null; nplRatio?: number | null; tier1CapitalRatio?: number | null }): RiskAssessment | null {
  const { roa, nplRatio, tier1CapitalRatio } = input;
  if (!isNumber(roa) || !isNumber(nplRatio) || !isNumber(tier1CapitalRatio)) return null;
  const factors = {
    roa: { value: roa, score: roaRiskScore(roa) },
    npl: { value: nplRatio, score: nplRiskScore(nplRatio) },
    tier1Capital: { value: tier1CapitalRatio, score: tier1RiskScore(tier1CapitalRatio) },
  };
  const score = (factors.roa.score + factors.npl.score + factors.tier1Capital.score) / 3;
  return { score, category: riskCategory(score), factors };
}

/**
 * The risk category lists of the dashboard bucket active banks by
 * quarterly ROA: High below 0.5, Medium 0.5 to 1.0 inclusive, Low above 1.0.
 */
export const roaqRiskBands = {
  high: { label: 'High Risk', filter: 'ROAQ:<0.5' },
  medium: { label: 'Medium Risk', filter: 'ROAQ:[0.5 TO 1.0]' },
  low: { label: 'Low Risk', filter: 'ROAQ:>1.0' },
} as const;

export type RoaqBand = keyof typeof roaqRiskBands;

export function roaqBand(roaq: number | null | undefined): RoaqBand | null {
  if (!isNumber(roaq)) return null;
  if (roaq < 0.5) return 'high';
  if (roaq <= 1.0) return 'medium';
  return 'low';
}
