/**
 * Money, percent and quarter formats and the colour thresholds of the rating scales. Pure functions,
 * no DOM or React, shared by every screen and by the server (PDF report, analyst answers).
 */

type Maybe = number | null | undefined;

function isMissing(value: Maybe): value is null | undefined {
  return value === null || value === undefined || Number.isNaN(value);
}

const moneySteps: Array<[number, string]> = [
  [1e12, 'T'],
  [1e9, 'B'],
  [1e6, 'M'],
  [1e3, 'K'],
];

/** An amount in dollars with the largest of T, B, M and K it reaches, its number written by `digits`. */
function moneyIn(value: number, digits: (amount: number) => string): string {
  const sign = value < 0 ? '-' : '';
  const magnitude = Math.abs(value);
  for (const [step, suffix] of moneySteps) {
    if (magnitude >= step) return `${sign}$${digits(magnitude / step)}${suffix}`;
  }
  return `${sign}$${digits(magnitude)}`;
}

/** Dollars as `$1.23B` (T, B, M, K at 1e12, 1e9, 1e6, 1e3, two decimals); 'N/A' when missing. */
export function formatMoney(value: Maybe): string {
  if (isMissing(value)) return 'N/A';
  return moneyIn(value, (amount) => amount.toFixed(2));
}

/** A chart axis's tick: as `formatMoney`, without the decimals that are zero ($600M, $1.5B), since ticks are round. */
export function formatMoneyTick(value: number): string {
  return moneyIn(value, (amount) => String(Number(amount.toFixed(2))));
}

/** A ratio already in percent units (ROA 1.23 means 1.23%) as `1.23%`; 'N/A' when missing. */
export function formatPercent(value: Maybe): string {
  if (isMissing(value)) return 'N/A';
  return `${value.toFixed(2)}%`;
}

/**
 * A whole number with en-US thousands separators (1,234,567). Written out rather than through Intl:
 * the first Intl formatter a page creates loads its locale data, tens of milliseconds of the page's
 * start in a browser, and a formatter made per call costs more than the rest of a render.
 */
export function groupThousands(value: number): string {
  return Math.round(value).toString().replace(/\B(?=(\d{3})+$)/g, ',');
}

/** A plain count with thousands separators; 'N/A' when missing. */
export function formatCount(value: Maybe): string {
  if (isMissing(value)) return 'N/A';
  return groupThousands(value);
}

/** `Q{ceil(month/3)} {year}` from an 8-digit report date (YYYYMMDD, as string or number). */
export function quarterLabel(repdte: string | number): string {
  const text = String(repdte).trim();
  if (!/^\d{8}$/.test(text)) return String(repdte);
  const year = text.slice(0, 4);
  const month = Number(text.slice(4, 6));
  if (month < 1 || month > 12) return text;
  return `Q${Math.ceil(month / 3)} ${year}`;
}

/** The same quarter a year earlier (YYYYMMDD), the one deposit growth is measured from: '20250930' for '20260930'. */
export function yearEarlierQuarter(quarter: string): string {
  return `${Number(quarter.slice(0, 4)) - 1}${quarter.slice(4)}`;
}

/** 'the Q3 2025 reports, as of Sep 30, 2025': which quarter's regulator reports figures come from. */
export function quarterReports(repdte: string | number): string {
  const text = String(repdte).trim();
  if (!/^\d{8}$/.test(text)) return `the ${text} reports`;
  return `the ${quarterLabel(text)} reports, as of ${formatDate(`${text.slice(0, 4)}-${text.slice(4, 6)}-${text.slice(6, 8)}`)}`;
}

const shortMonthNames = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/**
 * 'YYYY-MM-DD' (or an ISO timestamp) as 'Jan 5, 2025', the calendar date as written (no time zone
 * can shift the day); written out rather than through Intl, as `groupThousands` says.
 */
export function formatDate(value: string | null | undefined): string {
  if (!value) return 'N/A';
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(value);
  const month = match ? Number(match[2]) : 0;
  if (!match || month < 1 || month > 12) return value;
  return `${shortMonthNames[month - 1]} ${Number(match[3])}, ${match[1]}`;
}

/**
 * The calendar day a moment (an ISO date-time) falls on where this runs, written as formatDate
 * writes a date: in the user's browser, a bank added at 20:00 in New York was added that day, not
 * on the next one that the server's clock (UTC) already shows.
 */
export function formatLocalDay(moment: string | null | undefined): string {
  if (!moment) return 'N/A';
  const instant = new Date(moment);
  return Number.isNaN(instant.getTime()) ? moment : formatDate(localDate(instant));
}

/** A moment where this runs (the user's browser), as 'Dec 1, 2026, 9:05 AM'. */
export function formatLocalMoment(moment: string): string {
  const instant = new Date(moment);
  if (Number.isNaN(instant.getTime())) return moment;
  const hours = instant.getHours();
  const minutes = String(instant.getMinutes()).padStart(2, '0');
  return `${formatDate(localDate(instant))}, ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** A moment as the server writes it, in UTC: 2026-12-01T14:00:00.000Z. */
const utcMoment = /\b\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?Z\b/g;

/**
 * A text with every moment the server wrote into it (in UTC) as the user's clock reads it: 'Scheduled
 * step 2 for 2026-12-01T14:00:00.000Z' reads 'Scheduled step 2 for Dec 1, 2026, 8:00 AM' in Chicago.
 */
export function withLocalMoments(text: string): string {
  return text.replace(utcMoment, formatLocalMoment);
}

/** The same moment as a whole value, built once: a CSV export asks it of every cell. */
const wholeUtcMoment = new RegExp(`^${utcMoment.source}$`);

/** Whether a value is one such moment, and nothing else. */
export const isUtcMoment = (text: string) => wholeUtcMoment.test(text);

/** Whether a text is a day of the calendar as YYYY-MM-DD, in years 0001 to 9999: 2026-02-30 and 0000-01-01 are not. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text) || text.startsWith('0000')) return false;
  const date = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(text);
}

/** Whether an ISO date or date-time (2026-12-31T09:00:00Z) is written on a day of the calendar, as `isCalendarDate` judges its date. */
export const isOnCalendarDay = (text: string) => isCalendarDate(text.slice(0, 10));

/** The calendar day of a moment where this runs (the user's browser), as YYYY-MM-DD: a task due that day is due "today". */
export function localDate(moment: Date = new Date()): string {
  const month = String(moment.getMonth() + 1).padStart(2, '0');
  const day = String(moment.getDate()).padStart(2, '0');
  return `${moment.getFullYear()}-${month}-${day}`;
}

/** The time zone where this runs (the user's browser), as IANA names it: 'America/Chicago'. */
export const localTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone;

/** Letters Unicode does not split into a letter and an accent, and the plain letters each searches as (as the database's `sort_text` folds them). */
const unsplitLetters: Record<string, string> = { ø: 'o', ł: 'l', đ: 'd', ı: 'i', ħ: 'h', ŧ: 't', ß: 'ss', æ: 'ae', œ: 'oe' };

/** A text as searches compare it, case and accents aside: 'José' and 'JOSE' are both 'jose', 'Øster' is 'oster', 'Weiß' is 'weiss'. */
export function foldText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[øłđıħŧßæœ]/g, (letter) => unsplitLetters[letter]);
}

/** At most a few items, then how many more: "assets, roa, nplRatio, tier1Capital and 4 more". */
export function listOf(items: string[], max = 4): string {
  if (items.length <= max) return items.join(', ');
  return `${items.slice(0, max).join(', ')} and ${items.length - max} more`;
}

/** A count with its noun, singular for one: `countOf(1, 'row')` is '1 row', `countOf(1200, 'row')` '1,200 rows'. */
export function countOf(count: number, singular: string, plural = `${singular}s`): string {
  return `${groupThousands(count)} ${count === 1 ? singular : plural}`;
}

export type RatingColor = 'green' | 'lime' | 'yellow' | 'orange' | 'red' | 'gray';

/** ROA (percent): green at 1.25 or more, lime 0.75, yellow 0.25, orange 0, else red. */
export function roaColor(roa: Maybe): RatingColor {
  if (isMissing(roa)) return 'gray';
  if (roa >= 1.25) return 'green';
  if (roa >= 0.75) return 'lime';
  if (roa >= 0.25) return 'yellow';
  if (roa >= 0) return 'orange';
  return 'red';
}

/** Delinquency-type ratios (NPL, past due; percent): green under 1, lime 2, yellow 3.5, orange 5, else red. */
export function delinquencyColor(ratio: Maybe): RatingColor {
  if (isMissing(ratio)) return 'gray';
  if (ratio < 1) return 'green';
  if (ratio < 2) return 'lime';
  if (ratio < 3.5) return 'yellow';
  if (ratio < 5) return 'orange';
  return 'red';
}

/**
 * The US prompt-corrective-action lines of each capital ratio (percent): a bank at or above `well` is
 * well capitalized, at or above `adequate` adequately capitalized, below it undercapitalized. Each
 * ratio has its own lines: a 7.7% Tier 1 leverage ratio is well above its 5% line, though under the
 * 8% line of the Tier 1 risk-based ratio.
 */
export const CAPITAL_LINES = {
  tier1Leverage: { well: 5, adequate: 4 },
  commonEquityTier1: { well: 6.5, adequate: 4.5 },
  tier1RiskBased: { well: 8, adequate: 6 },
  totalRiskBased: { well: 10, adequate: 8 },
} as const satisfies Record<string, { well: number; adequate: number }>;

export type CapitalRatio = keyof typeof CAPITAL_LINES;

/** How far above its well-capitalized line a capital ratio rates green, in percentage points. */
const CAPITAL_CUSHION = 2;

function capitalRater({ well, adequate }: { well: number; adequate: number }) {
  return (ratio: Maybe): RatingColor => {
    if (isMissing(ratio)) return 'gray';
    if (ratio >= well + CAPITAL_CUSHION) return 'green';
    if (ratio >= well) return 'yellow';
    if (ratio >= adequate) return 'orange';
    return 'red';
  };
}

/**
 * Each capital ratio (percent) rated against its own lines: green two points or more above well
 * capitalized, yellow well capitalized, orange adequately capitalized, else red. The Tier 1
 * risk-based ratio, the one the tables show, is so green at 10 or more, yellow 8, orange 6, else red.
 */
export const capitalColor = {
  tier1Leverage: capitalRater(CAPITAL_LINES.tier1Leverage),
  commonEquityTier1: capitalRater(CAPITAL_LINES.commonEquityTier1),
  tier1RiskBased: capitalRater(CAPITAL_LINES.tier1RiskBased),
  totalRiskBased: capitalRater(CAPITAL_LINES.totalRiskBased),
} satisfies Record<CapitalRatio, (ratio: Maybe) => RatingColor>;

/** Charge-off-type ratios (percent): green under 0.5, yellow 1, orange 1.5, else red. */
export function chargeOffColor(ratio: Maybe): RatingColor {
  if (isMissing(ratio)) return 'gray';
  if (ratio < 0.5) return 'green';
  if (ratio < 1) return 'yellow';
  if (ratio < 1.5) return 'orange';
  return 'red';
}

/**
 * The three cut-point sets the spec gives for concentration ratios (shares of the loan book, 0..1),
 * from the broadest category (where a large share is normal) to the narrowest.
 */
export const CONCENTRATION_CUTS = {
  broad: [0.7, 0.5, 0.3],
  moderate: [0.25, 0.15, 0.05],
  narrow: [0.2, 0.1, 0.05],
} as const satisfies Record<string, readonly [number, number, number]>;

/** A concentration share (0..1): red at the first cut or above, orange the second, yellow the third, else green. */
export function concentrationColor(share: Maybe, cuts: readonly [number, number, number] = CONCENTRATION_CUTS.broad): RatingColor {
  if (isMissing(share)) return 'gray';
  const [high, elevated, noticeable] = cuts;
  if (share >= high) return 'red';
  if (share >= elevated) return 'orange';
  if (share >= noticeable) return 'yellow';
  return 'green';
}

/**
 * A concentration rating in a word, shown beside its colour: the colour tells how much of the loan
 * book one kind of loan takes against the cuts above (a judgement of risk), which a reader who does
 * not tell colours apart, or sees the page in forced colours, reads here instead.
 */
export const concentrationWords: Record<RatingColor, string> = { red: 'High', orange: 'Elevated', yellow: 'Moderate', lime: 'Moderate', green: 'Low', gray: 'Not rated' };

/** Efficiency ratio (percent, lower is better): green under 50, lime 60, yellow 70, orange 80, else red. */
export function efficiencyColor(ratio: Maybe): RatingColor {
  if (isMissing(ratio)) return 'gray';
  if (ratio < 50) return 'green';
  if (ratio < 60) return 'lime';
  if (ratio < 70) return 'yellow';
  if (ratio < 80) return 'orange';
  return 'red';
}

/** Score-type values (0..100, higher is riskier): green under 33.3, orange under 66.6, else red. */
export function scoreColor(score: Maybe): RatingColor {
  if (isMissing(score)) return 'gray';
  if (score < 33.3) return 'green';
  if (score < 66.6) return 'orange';
  return 'red';
}

/**
 * A risk score's rating in words: its category (Low, Medium or High Risk), as the score's colour tells it
 * to a reader who sees it.
 */
export const scoreWords: Record<RatingColor, string> = { green: 'Low Risk', lime: 'Low Risk', yellow: 'Medium Risk', orange: 'Medium Risk', red: 'High Risk', gray: 'Not rated' };

/**
 * The rating in a word, shown beside its colour: a reader who does not tell colours apart (or sees
 * the page in forced colours) reads it there. Missing figures are not rated.
 */
export const ratingWords: Record<RatingColor, string> = { green: 'Strong', lime: 'Good', yellow: 'Fair', orange: 'Weak', red: 'Poor', gray: 'Not rated' };

/**
 * CSS colours for the rating names, on a light background and on a dark one. Each reads at least
 * 4.5:1 against its theme's cards and page (WCAG AA for text): the 600 shades used on both before
 * read 2.9-3.6:1 on white, and red 3.0:1 on the dark cards.
 */
export const ratingPalettes: Record<'light' | 'dark', Record<RatingColor, string>> = {
  light: { green: '#15803d', lime: '#4d7c0f', yellow: '#a16207', orange: '#c2410c', red: '#b91c1c', gray: '#4b5563' },
  dark: { green: '#4ade80', lime: '#a3e635', yellow: '#facc15', orange: '#fb923c', red: '#f87171', gray: '#9ca3af' },
};
