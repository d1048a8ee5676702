/**
 * The risk categories of the dashboard donut and the risk category modal: active banks bucketed by quarterly ROA.
 */

export type RiskCategory = 'High Risk' | 'Medium Risk' | 'Low Risk';

export const riskBands: Array<{ category: RiskCategory; key: 'highRisk' | 'mediumRisk' | 'lowRisk'; filter: string; color: string }> = [
  { category: 'High Risk', key: 'highRisk', filter: 'ROAQ:<0.5', color: '#dc2626' },
  { category: 'Medium Risk', key: 'mediumRisk', filter: 'ROAQ:[0.5 TO 1.0]', color: '#f97316' },
  { category: 'Low Risk', key: 'lowRisk', filter: 'ROAQ:>1.0', color: '#16a34a' },
];

/** The FDIC filter of a category's list; throws 'Invalid risk category' for anything else. */
export function riskCategoryFilter(category: string): string {
  const band = riskBands.find((candidate) => candidate.category === category);
  if (!band) throw new Error('Invalid risk category');
  return `ACTIVE:1 AND ${band.filter}`;
}
