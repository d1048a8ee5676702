import { formatCount, formatMoney, formatPercent, quarterLabel } from '../../../../domain/format.ts';
import type { BankProfile, BankRef, MarketStatistics, PeerComparison, Ranking, TargetSummary } from '../data.ts';
import { metricByColumn, profileColumns, type Metric } from '../metrics.ts';
import { bankLink } from '../tools.ts';

/**
 * The offline analyst's answers as markdown, written only from figures our database returned.
 * Banks are cited by name and cert as links that open their detail; every answer names the
 * quarter it used and closes by saying that the offline analyst wrote it.
 */

export function formatMetric(metric: Metric, value: number | null | undefined): string {
  if (value === null || value === undefined || Number.isNaN(value)) return 'N/A';
  if (metric.unit === 'money') return formatMoney(value);
  if (metric.unit === 'score') return `${value.toFixed(1)} / 100`;
  return formatPercent(value);
}

/**
 * A metric's label inside a sentence: only a capital that starts an ordinary word is lowered, so
 * acronyms keep their capitals ("return on assets (ROA)", "CRE loans to gross loans").
 */
export function labelInSentence(metric: Pick<Metric, 'label'>): string {
  return /^[A-Z][a-z]/.test(metric.label) ? metric.label[0].toLowerCase() + metric.label.slice(1) : metric.label;
}

const place = (bank: Pick<BankRef, 'city' | 'state'>) => [bank.city, bank.state].filter(Boolean).join(', ');

/** `[Name](#/bank/628) (cert 628, Springfield, IL)` */
export function citeBank(bank: Pick<BankRef, 'cert' | 'name'> & Partial<Pick<BankRef, 'city' | 'state'>>): string {
  const where = place({ city: bank.city ?? null, state: bank.state ?? null });
  return `[${bank.name}](${bankLink(bank.cert)}) (cert ${bank.cert}${where ? `, ${where}` : ''})`;
}

/** Said first of a bank that failed or merged: its figures are its last report's, not a going concern's. */
export function inactiveNote(profile: Pick<BankProfile, 'active' | 'inactiveDate' | 'quarter'>): string[] {
  if (profile.active) return [];
  return ['', `This bank is no longer active: it failed or merged${profile.inactiveDate ? ` on ${profile.inactiveDate}` : ''}. The figures are from its last report, ${quarterLabel(profile.quarter)}.`];
}

export function offlineFooter(quarter?: string): string {
  const source = quarter ? `Charterline's regulator data for ${quarterLabel(quarter)}` : "Charterline's own data";
  return `\n\n---\n*Answered by the offline analyst from ${source}, without an AI model (no AI service is configured on this server).*`;
}

function describeFilters(ranking: Ranking, filters: { state?: string; regulator?: string; minAssets?: number; maxAssets?: number }): string {
  const parts: string[] = [];
  if (filters.state) parts.push(`in ${filters.state}`);
  if (filters.regulator) parts.push(`regulated by the ${filters.regulator}`);
  if (filters.minAssets !== undefined && filters.maxAssets !== undefined) parts.push(`with assets between ${formatMoney(filters.minAssets)} and ${formatMoney(filters.maxAssets)}`);
  else if (filters.minAssets !== undefined) parts.push(`with assets of at least ${formatMoney(filters.minAssets)}`);
  else if (filters.maxAssets !== undefined) parts.push(`with assets under ${formatMoney(filters.maxAssets)}`);
  return parts.length ? ` ${parts.join(', ')}` : '';
}

export function rankingAnswer(ranking: Ranking, filters: { state?: string; regulator?: string; minAssets?: number; maxAssets?: number }): string {
  const scope = describeFilters(ranking, filters);
  const direction = ranking.order === 'desc' ? 'highest' : 'lowest';
  const past = ranking.threshold ? ` ${ranking.threshold.side} ${formatMetric(ranking.metric, ranking.threshold.value)}` : '';
  if (ranking.threshold && ranking.banks.length === 0) {
    return `No active bank${scope} has ${labelInSentence(ranking.metric)}${past} in ${quarterLabel(ranking.quarter)}.${offlineFooter(ranking.quarter)}`;
  }
  if (ranking.banks.length === 0) {
    return `No active bank${scope} reports ${labelInSentence(ranking.metric)} for ${quarterLabel(ranking.quarter)}, so there is nothing to rank.${offlineFooter(ranking.quarter)}`;
  }
  // Size gives a ranking context, unless size is what is ranked.
  const withAssets = ranking.metric.column !== 'assets';
  // A bound asks how many banks pass it: the count comes first, then the ranking of those banks.
  const count = ranking.threshold
    ? [`**${formatCount(ranking.matching)} ${ranking.matching === 1 ? 'bank' : 'banks'}**${scope} ${ranking.matching === 1 ? 'has' : 'have'} ${labelInSentence(ranking.metric)}${past} in ${quarterLabel(ranking.quarter)}.`, '']
    : [];
  const lines = [
    ...count,
    `**${ranking.banks.length === 1 ? 'The bank' : `The ${ranking.banks.length} banks`} with the ${direction} ${labelInSentence(ranking.metric)}**${scope}, ${quarterLabel(ranking.quarter)}${ranking.threshold ? `, of those${past}:` : ` (${formatCount(ranking.matching)} banks report it):`}`,
    '',
    `| # | Bank | ${ranking.metric.label} |${withAssets ? ' Total assets |' : ''}`,
    `|---|---|---|${withAssets ? '---|' : ''}`,
    ...ranking.banks.map((bank, index) => `| ${index + 1} | ${citeBank(bank)} | ${formatMetric(ranking.metric, bank.value)} |${withAssets ? ` ${formatMoney(bank.assets)} |` : ''}`),
  ];
  const first = ranking.banks[0];
  const last = ranking.banks[ranking.banks.length - 1];
  if (ranking.banks.length > 1) {
    lines.push('', `${first.name} leads at ${formatMetric(ranking.metric, first.value)}; number ${ranking.banks.length}, ${last.name}, stands at ${formatMetric(ranking.metric, last.value)}.`);
  }
  return lines.join('\n') + offlineFooter(ranking.quarter);
}

export function figureAnswer(bank: BankRef, metric: Metric, value: number | null, quarter: string): string {
  if (value === null) return `${citeBank(bank)} reports no ${labelInSentence(metric)} for ${quarterLabel(quarter)}.${offlineFooter(quarter)}`;
  return `${citeBank(bank)} reported **${labelInSentence(metric)} of ${formatMetric(metric, value)}** for ${quarterLabel(quarter)}.${offlineFooter(quarter)}`;
}

function judge(profile: BankProfile): { strengths: string[]; watch: string[] } {
  const { roa, npl_ratio: npl, tier1_capital_ratio: tier1, efficiency_ratio: efficiency, net_interest_margin: nim } = profile.figures;
  const strengths: string[] = [];
  const watch: string[] = [];
  if (roa !== null) (roa >= 1.25 ? strengths : roa < 0.5 ? watch : []).push(`ROA of ${formatPercent(roa)} is ${roa >= 1.25 ? 'strong' : 'weak'} (1.25% and above is strong, under 0.5% weak)`);
  if (npl !== null) (npl < 1 ? strengths : npl >= 2.5 ? watch : []).push(`noncurrent loans at ${formatPercent(npl)} of loans are ${npl < 1 ? 'low' : 'elevated'}`);
  if (tier1 !== null) (tier1 >= 10 ? strengths : tier1 < 8 ? watch : []).push(`Tier 1 capital ratio of ${formatPercent(tier1)} is ${tier1 >= 10 ? 'well above' : 'below'} 10%`);
  if (efficiency !== null) (efficiency < 60 ? strengths : efficiency >= 80 ? watch : []).push(`efficiency ratio of ${formatPercent(efficiency)} (${efficiency < 60 ? 'lean' : 'costly'}: lower is better)`);
  if (nim !== null && nim < 2.5) watch.push(`net interest margin is thin at ${formatPercent(nim)}`);
  return { strengths, watch };
}

export function profileAnswer(profile: BankProfile): string {
  const lines = [`**${citeBank(profile)}**, ${quarterLabel(profile.quarter)}`, ...inactiveNote(profile)];
  const identity = [profile.regulator && `Regulator ${profile.regulator}`, profile.charterClass && `charter ${profile.charterClass}`, profile.offices !== null && `${formatCount(profile.offices)} ${profile.offices === 1 ? 'office' : 'offices'}`].filter(Boolean);
  // The line is a sentence: its first word starts with a capital whichever facts are known.
  if (identity.length) lines.push('', `${identity.join(', ').replace(/^./, (first) => first.toUpperCase())}.`);
  lines.push('', '| Metric | Value |', '|---|---|');
  for (const column of profileColumns) {
    const metric = metricByColumn(column)!;
    lines.push(`| ${metric.label} | ${formatMetric(metric, profile.figures[column])} |`);
  }
  const { strengths, watch } = judge(profile);
  if (profile.risk) lines.push('', `Risk score ${profile.risk.score.toFixed(1)} out of 100: **${profile.risk.category}**.`);
  if (strengths.length) lines.push('', `Strengths: ${strengths.join('; ')}.`);
  if (watch.length) lines.push('', `To watch: ${watch.join('; ')}.`);
  if (profile.figures.assets === null) lines.push('', `No financials are held for this bank for ${quarterLabel(profile.quarter)}.`);
  return lines.join('\n') + offlineFooter(profile.quarter);
}

export function peersAnswer(comparison: PeerComparison): string {
  const { bank } = comparison;
  if (comparison.peerCount === 0) return `No peers of ${citeBank(bank)} (${comparison.peerGroup}) report figures for ${quarterLabel(comparison.quarter)}.${offlineFooter(comparison.quarter)}`;
  const lines = [
    `**${citeBank(bank)} against ${comparison.peerCount} peers**: ${comparison.peerGroup}, ${quarterLabel(comparison.quarter)}.`,
    '',
    '| Metric | Bank | Peer average | |',
    '|---|---|---|---|',
    ...comparison.rows.map((row) => `| ${row.metric.label} | ${formatMetric(row.metric, row.bank)} | ${formatMetric(row.metric, row.peerAverage)} | ${row.better === null ? '' : row.better ? 'better' : 'worse'} |`),
  ];
  const better = comparison.rows.filter((row) => row.better === true).map((row) => row.metric.label);
  const worse = comparison.rows.filter((row) => row.better === false).map((row) => row.metric.label);
  lines.push('', `${bank.name} does better than its peers on ${better.length} of ${better.length + worse.length} measures${better.length ? ` (${better.join(', ')})` : ''}${worse.length ? ` and trails them on ${worse.join(', ')}` : ''}.`);
  return lines.join('\n') + offlineFooter(comparison.quarter);
}

export function marketAnswer(statistics: MarketStatistics): string {
  const scope = statistics.state ? `in ${statistics.state}` : 'in the United States';
  const averages = statistics.averages;
  const lines = [
    `**The market ${scope}, ${quarterLabel(statistics.quarter)}**`,
    '',
    `- Active institutions: ${formatCount(statistics.institutions)}`,
    `- Total assets: ${formatMoney(statistics.totalAssets)}; total deposits: ${formatMoney(statistics.totalDeposits)}; median bank size: ${formatMoney(statistics.medianAssets)}`,
    `- Average ROA ${formatPercent(averages.roa)}, ROE ${formatPercent(averages.roe)}, NIM ${formatPercent(averages.net_interest_margin)}`,
    `- Average NPL ratio ${formatPercent(averages.npl_ratio)}, efficiency ratio ${formatPercent(averages.efficiency_ratio)}, Tier 1 capital ratio ${formatPercent(averages.tier1_capital_ratio)}`,
    `- Risk distribution: ${formatCount(statistics.risk.low)} low, ${formatCount(statistics.risk.medium)} medium, ${formatCount(statistics.risk.high)} high risk`,
    `- Top 100 banks by assets: ${formatMoney(statistics.top100.totalAssets)} in assets, average ROA ${formatPercent(statistics.top100.avgRoa)}, NPL ${formatPercent(statistics.top100.avgNpl)}, NIM ${formatPercent(statistics.top100.avgNim)}`,
  ];
  if (statistics.totalAssets > 0) lines.push('', `The top 100 hold ${((statistics.top100.totalAssets / statistics.totalAssets) * 100).toFixed(1)}% of the assets ${scope}.`);
  return lines.join('\n') + offlineFooter(statistics.quarter);
}

export function targetsAnswer(targets: TargetSummary[], asked?: BankRef): string {
  if (targets.length === 0) {
    return (asked ? `${citeBank(asked)} is not one of your targets.` : 'You have no target banks yet. Star a bank in the Bank Directory to add it.') + offlineFooter();
  }
  const lines: string[] = [asked ? '' : `**Your ${targets.length} target bank${targets.length === 1 ? '' : 's'}**, newest first:`];
  for (const target of targets) {
    const hot = target.contacts.filter((contact) => contact.isHotLead).length;
    lines.push('', `**${citeBank(target)}**, added ${target.addedAt}: ${target.contacts.length} contact${target.contacts.length === 1 ? '' : 's'}${hot ? ` (${hot} hot)` : ''}, ${target.openTasks.length} open task${target.openTasks.length === 1 ? '' : 's'}.`);
    for (const contact of target.contacts) lines.push(`- ${contact.isHotLead ? '★ ' : ''}${contact.name}, ${contact.title}${contact.email ? ` (${contact.email})` : ''}`);
    for (const task of target.openTasks) lines.push(`- Task due ${task.dueDate}: ${task.text}`);
  }
  return lines.join('\n').trim() + offlineFooter();
}

export const newsAnswer = `Latest news needs the AI service: news is found by a model searching the web, and this server has no AI service configured (set GEMINI_API_KEY). I can rank banks, analyse one bank, quote a figure for a quarter, compare a bank with its peers, describe the market, or list your targets with their contacts and tasks.${offlineFooter()}`;

export function helpAnswer(unknownBank: boolean): string {
  const opening = unknownBank
    ? "I could not find that bank in our data. Give its name as the FDIC lists it, or its certificate number (for example 'analyse cert 628')."
    : 'I answer from our own bank data, so ask me about banks and figures we hold.';
  return [
    opening,
    '',
    'For example:',
    '- *Top 10 banks by ROA in Texas* (any metric; filters: state, size such as "small" or "over $5B", regulator OCC/FRS/FDIC)',
    '- *Analyse* a bank by name or cert',
    '- *What was the efficiency ratio of* a bank *in Q2 2025?*',
    '- *Compare* a bank *with its peers*',
    '- *Market statistics* (optionally for a state)',
    '- *My targets*, or *contacts at* one of your target banks',
  ].join('\n') + offlineFooter();
}
