/**
 * The colours of chart bars, lines and segments, on a light background and on a dark one. Each reads
 * at least 3:1 against its theme's cards and page (WCAG AA for the parts of a chart): the 500 shades
 * the charts used on both before read 1.9-2.8:1 on white (yellow, green, teal, sky, orange), and the
 * light theme's blue 2.8:1 on the dark cards.
 */
export const chartHues = ['blue', 'sky', 'teal', 'green', 'yellow', 'orange', 'red', 'purple', 'slate', 'pink'] as const;

export type ChartHue = (typeof chartHues)[number];

export const chartPalettes: Record<'light' | 'dark', Record<ChartHue, string>> = {
  light: { blue: '#2563eb', sky: '#0369a1', teal: '#0f766e', green: '#15803d', yellow: '#a16207', orange: '#c2410c', red: '#dc2626', purple: '#9333ea', slate: '#64748b', pink: '#db2777' },
  dark: { blue: '#60a5fa', sky: '#38bdf8', teal: '#2dd4bf', green: '#4ade80', yellow: '#facc15', orange: '#fb923c', red: '#f87171', purple: '#c084fc', slate: '#94a3b8', pink: '#f472b6' },
};

/** The colour of the n-th slice of a pie or donut, the hues taken in turn. */
export function sliceColor(palette: Record<ChartHue, string>, index: number): string {
  return palette[chartHues[index % chartHues.length]];
}
