/**
 * Layout of the grouped bar comparison: for each named item one
 * bar per key, widths scaled to 110% of the largest absolute value, labels with two decimals and a
 * percent sign, placed outside the bar when the bar is under 25% of the width. A missing value has no
 * bar and reads N/A: drawn as 0 it would claim a figure the data does not hold.
 */

import { formatPercent } from '../../../../domain/format.ts';

export const barScaleHeadroom = 1.1;
export const insideLabelThreshold = 25;

export type BarLayout = { key: string; value: number | null; widthPercent: number; label: string; labelOutside: boolean; negative: boolean };
export type GroupLayout = { name: string; bars: BarLayout[] };

export function layoutGroupedBars<K extends string>(items: Array<{ name: string } & Record<K, number | null>>, keys: readonly K[]): GroupLayout[] {
  const largest = Math.max(0, ...items.flatMap((item) => keys.map((key) => Math.abs(item[key] ?? 0))));
  const scale = largest * barScaleHeadroom;
  return items.map((item) => ({
    name: item.name,
    bars: keys.map((key) => {
      const value = item[key];
      const widthPercent = value !== null && scale > 0 ? (Math.abs(value) / scale) * 100 : 0;
      return { key, value, widthPercent, label: formatPercent(value), labelOutside: widthPercent < insideLabelThreshold, negative: value !== null && value < 0 };
    }),
  }));
}
