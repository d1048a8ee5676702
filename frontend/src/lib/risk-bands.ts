/**
 * The risk categories of the dashboard donut and the risk category modal: active banks bucketed by quarterly ROA.
 */

import type { RatingColor } from '../../../domain/format.ts';

export type RiskCategory = 'High Risk' | 'Medium Risk' | 'Low Risk';

/** Each category's colour is a rating colour (domain/format.ts), shown in the theme's palette. */
export const riskBands: Array<{ category: RiskCategory; key: 'highRisk' | 'mediumRisk' | 'lowRisk'; filter: string; rating: RatingColor }> = [
  { category: 'High Risk', key: 'highRisk', filter: 'ROAQ:<0.5', rating: 'red' },
  { category: 'Medium Risk', key: 'mediumRisk', filter: 'ROAQ:[0.5 TO 1.0]', rating: 'orange' },
  { category: 'Low Risk', key: 'lowRisk', filter: 'ROAQ:>1.0', rating: 'green' },
];

/** The FDIC filter of a category's list; throws 'Invalid risk category' for anything else. */
export function riskCategoryFilter(category: string): string {
  const band = riskBands.find((candidate) => candidate.category === category);
  if (!band) throw new Error('Invalid risk category');
  return `ACTIVE:1 AND ${band.filter}`;
}
