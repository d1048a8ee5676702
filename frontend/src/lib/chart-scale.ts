/**
 * Round axis ticks from 0 to at least `max`: about `count` of them, at a step of 1, 2, 2.5 or 5
 * times a power of ten (0, 150M, 300M, 450M, 600M rather than 0, 137M, 274M...). An axis of counts
 * (`wholeNumbers`) steps by at least 1: ticks of 0.5 written as counts read 0, 1, 1, 2, 2.
 */
export function niceTicks(max: number, { count = 5, wholeNumbers = false }: { count?: number; wholeNumbers?: boolean } = {}): number[] {
  if (!(max > 0) || !Number.isFinite(max)) return [0, 1];
  const rough = max / (count - 1);
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const roundStep = [1, 2, 2.5, 5, 10].map((multiple) => multiple * magnitude).find((candidate) => candidate >= rough) ?? 10 * magnitude;
  // 2.5 times ten is a whole step, 2.5 itself is not
  const step = wholeNumbers ? Math.max(1, Number.isInteger(roundStep) ? roundStep : Math.ceil(roundStep)) : roundStep;
  const ticks: number[] = [];
  for (let index = 0; ticks.length === 0 || ticks[ticks.length - 1] < max; index += 1) ticks.push(Number((index * step).toPrecision(12)));
  return ticks;
}

/** About how wide a text draws in an SVG at this font size (digits and most letters are near 0.6 em). */
export const estimatedTextWidth = (text: string, fontSize: number) => text.length * fontSize * 0.6;

/** The width a value axis needs for its widest tick label, its tick mark and a gap: a fixed width cut '3,000' to '000'. */
export function axisWidthFor(labels: string[], fontSize: number): number {
  return Math.ceil(Math.max(0, ...labels.map((label) => estimatedTextWidth(label, fontSize)))) + 12;
}

const toRadians = (degrees: number) => ((degrees - 90) * Math.PI) / 180;

/** The SVG path of an annular sector from `start` to `end` degrees (clockwise from 12 o'clock). */
export function ringSegmentPath(cx: number, cy: number, inner: number, outer: number, start: number, end: number): string {
  const sweep = Math.min(end - start, 359.999);
  const point = (radius: number, degrees: number) => `${cx + radius * Math.cos(toRadians(degrees))} ${cy + radius * Math.sin(toRadians(degrees))}`;
  const large = sweep > 180 ? 1 : 0;
  const finish = start + sweep;
  return [
    `M ${point(outer, start)}`,
    `A ${outer} ${outer} 0 ${large} 1 ${point(outer, finish)}`,
    `L ${point(inner, finish)}`,
    `A ${inner} ${inner} 0 ${large} 0 ${point(inner, start)}`,
    'Z',
  ].join(' ');
}
