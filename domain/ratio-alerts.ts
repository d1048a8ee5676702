import { z } from 'zod';
import { capitalColor, chargeOffColor, delinquencyColor, efficiencyColor, formatPercent, quarterLabel, roaColor, type RatingColor } from './format.ts';

/**
 * Quarter-change alerts: a bank's ratio whose rating colour changes from one quarter to the next
 * (ROA falls from green to yellow, the NPL ratio rises past 2 %) is worth a look by whoever targets
 * the bank. The ratios watched, with the colour scale each is rated on. Pure: shared by the server
 * (which raises the alerts) and the screens (which show them).
 */
export const watchedRatios = [
  { key: 'roa', label: 'ROA', color: roaColor },
  { key: 'nplRatio', label: 'NPL ratio', color: delinquencyColor },
  { key: 'tier1CapitalRatio', label: 'Tier 1 capital ratio', color: capitalColor.tier1RiskBased },
  { key: 'netChargeOffsRatio', label: 'Net charge-off ratio', color: chargeOffColor },
  { key: 'efficiencyRatio', label: 'Efficiency ratio', color: efficiencyColor },
] as const;

export type WatchedRatio = (typeof watchedRatios)[number]['key'];
export type RatioFigures = Partial<Record<WatchedRatio, number | null>>;

/** The rating colours from best to worst: a move right is a worsening. */
const colourRank: Record<Exclude<RatingColor, 'gray'>, number> = { green: 0, lime: 1, yellow: 2, orange: 3, red: 4 };
const ratedColour = z.enum(['green', 'lime', 'yellow', 'orange', 'red']);

export const ratioCrossingSchema = z.object({
  ratio: z.enum(watchedRatios.map((ratio) => ratio.key) as [WatchedRatio, ...WatchedRatio[]]),
  label: z.string(),
  previous: z.number(),
  current: z.number(),
  from: ratedColour,
  to: ratedColour,
  direction: z.enum(['worsened', 'improved']),
});
export type RatioCrossing = z.infer<typeof ratioCrossingSchema>;

/** An alert as a tracked bank carries it: the quarter that brought it, the one before, and what crossed. */
export const ratioAlertSchema = z.object({
  quarter: z.string(),
  previousQuarter: z.string(),
  raisedAt: z.string(),
  crossings: z.array(ratioCrossingSchema).min(1),
});
export type RatioAlert = z.infer<typeof ratioAlertSchema>;

/**
 * The watched ratios whose colour differs between two quarters. A ratio missing in either quarter
 * (grey) has no colour to cross from or to, so it raises nothing.
 */
export function ratioCrossings(previous: RatioFigures, current: RatioFigures): RatioCrossing[] {
  const crossings: RatioCrossing[] = [];
  for (const { key, label, color } of watchedRatios) {
    const before = previous[key];
    const after = current[key];
    if (typeof before !== 'number' || typeof after !== 'number') continue;
    const from = color(before);
    const to = color(after);
    if (from === 'gray' || to === 'gray' || from === to) continue;
    crossings.push({ ratio: key, label, previous: before, current: after, from, to, direction: colourRank[to] > colourRank[from] ? 'worsened' : 'improved' });
  }
  return crossings;
}

/** "ROA fell from green to yellow (1.30% → 0.60%)" */
export function describeCrossing(crossing: RatioCrossing): string {
  const verb = crossing.direction === 'worsened' ? 'worsened' : 'improved';
  return `${crossing.label} ${verb} from ${crossing.from} to ${crossing.to} (${formatPercent(crossing.previous)} → ${formatPercent(crossing.current)})`;
}

/** "Q4 2025 figures: ROA worsened from green to yellow (...); NPL ratio ..." */
export function describeAlert(alert: Pick<RatioAlert, 'quarter' | 'crossings'>): string {
  return `${quarterLabel(alert.quarter)} figures: ${alert.crossings.map(describeCrossing).join('; ')}`;
}
