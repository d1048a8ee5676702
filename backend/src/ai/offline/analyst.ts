import type { Knex } from 'knex';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { formatMoney, formatPercent } from '../../../../domain/format.ts';
import { bankFigure, bankNames, bankProfile, marketStatistics, peerComparison, quarterFor, quarterForBank, rankBanks, searchBanksByName, userTargets, DataQuestionError } from '../data.ts';
import type { AiProvider, BankNews, ChatMessage, EmailRequest, GeneratedTemplate, GeneratedWorkflow, PeerAnalysisRequest, PromptSuggestions, TemplateRef } from '../provider.ts';
import type { ToolScope } from '../tools.ts';
import { citeBank, figureAnswer, helpAnswer, inactiveNote, marketAnswer, newsAnswer, offlineFooter, peersAnswer, profileAnswer, rankingAnswer, targetsAnswer } from './answers.ts';
import { metricByColumn } from '../metrics.ts';
import { parseFollowUp, type Intent } from './intents.ts';
import { callToAction, editTemplate, senderSignOff } from './template-editor.ts';

/**
 * The built-in analyst used when no AI service is configured: deterministic, answering from our
 * database only, and saying plainly that it is the offline analyst.
 */

/** The answer to the last question of a conversation, as markdown; earlier questions give it its context. */
export async function answerQuestion(question: string | readonly string[], scope: ToolScope): Promise<string> {
  const names = await bankNames(scope.knex);
  const questions = typeof question === 'string' ? [question] : question;
  let intent: Intent | undefined;
  for (const each of questions) intent = parseFollowUp(each, intent, names);
  if (!intent) return helpAnswer(false);
  try {
    return await answerIntent(intent, scope);
  } catch (error) {
    if (error instanceof DataQuestionError) return error.message + offlineFooter();
    throw error;
  }
}

async function answerIntent(intent: Intent, { knex, userId }: ToolScope): Promise<string> {
  switch (intent.kind) {
    case 'rank': {
      const ranking = await rankBanks(knex, { ...intent, quarter: await quarterFor(knex, intent.quarter) });
      return rankingAnswer(ranking, intent.filters);
    }
    case 'figure': {
      const quarter = await quarterForBank(knex, intent.bank.cert, intent.quarter);
      const profile = await bankProfile(knex, intent.bank.cert, quarter);
      if (!profile) return helpAnswer(true);
      return figureAnswer(profile, intent.metric, await bankFigure(knex, intent.bank.cert, intent.metric, quarter), quarter);
    }
    case 'analyse': {
      const profile = await bankProfile(knex, intent.bank.cert, await quarterForBank(knex, intent.bank.cert, intent.quarter));
      return profile ? profileAnswer(profile) : helpAnswer(true);
    }
    case 'peers': {
      const comparison = await peerComparison(knex, intent.bank.cert, await quarterForBank(knex, intent.bank.cert, intent.quarter));
      return comparison ? peersAnswer(comparison) : helpAnswer(true);
    }
    case 'market':
      return marketAnswer(await marketStatistics(knex, await quarterFor(knex, intent.quarter), intent.state));
    case 'targets': {
      const targets = await userTargets(knex, userId, intent.bank?.cert);
      return targetsAnswer(targets, intent.bank ? { cert: intent.bank.cert, name: intent.bank.name, city: null, state: null } : undefined);
    }
    case 'news':
      return newsAnswer;
    case 'help':
      return helpAnswer(intent.unknownBank ?? false);
  }
}

/** Hands out text a few words at a time, as a model would, yielding between pieces. */
async function* inPieces(text: string, signal: AbortSignal): AsyncIterable<string> {
  const pieces = text.match(/\S+\s*|\s+/g) ?? [text];
  for (let index = 0; index < pieces.length; index += 8) {
    if (signal.aborted) return;
    yield pieces.slice(index, index + 8).join('');
    await nextTurn();
  }
}

const stripProtocol = (website: string) => website.replace(/^https?:\/\//i, '').replace(/^www\./i, '').replace(/\/.*$/, '').toLowerCase();

const numberFrom = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? Number(value) : null);

function keyFinancialsOf(bankData: Record<string, unknown>): Record<string, number | null> {
  const source = (bankData.keyFinancials && typeof bankData.keyFinancials === 'object' ? bankData.keyFinancials : bankData) as Record<string, unknown>;
  return Object.fromEntries(Object.entries(source).map(([key, value]) => [key, numberFrom(value)]));
}

const suggestionPools = {
  rank: () => [
    'Top 10 banks by ROA',
    'Which 5 banks have the lowest efficiency ratio?',
    'Largest banks in Texas by total assets',
    'Top 10 small banks by net interest margin',
    'Banks with the highest NPL ratio over $1B',
    'Best capitalized mid-size banks in California',
    'Riskiest banks regulated by the OCC',
    'Top 10 banks by deposits',
  ],
  analyse: (names: string[]) => [...names.map((name) => `Analyze ${name}`), ...names.map((name) => `Compare ${name} with its peers`)],
  metrics: (names: string[]) => names.flatMap((name) => [`What was the ROA of ${name}?`, `What is the Tier 1 capital ratio of ${name}?`, `What was the efficiency ratio of ${name} in the latest quarter?`]),
  market: () => ['Market statistics', 'Market statistics for Texas', 'What is the average ROA of the market?', 'How many banks are high risk this quarter?', 'Latest news about the largest banks'],
};

function pick<T>(items: T[], count: number, seed: number): T[] {
  if (items.length <= count) return items;
  const start = seed % items.length;
  return Array.from({ length: count }, (_, index) => items[(start + index * 3) % items.length]).filter((item, index, all) => all.indexOf(item) === index);
}

const numberWords: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10 };
const countIn = (text: string, pattern: string): number | undefined => {
  const found = new RegExp(String.raw`\b(\d+|${Object.keys(numberWords).join('|')})[- ]?(?:${pattern})`).exec(text)?.[1];
  return found === undefined ? undefined : (numberWords[found] ?? Number(found));
};

/**
 * A workflow drafted from a prompt without a model: how many touches ("three touches", "5 steps"),
 * whether one is a LinkedIn visit, and over how long ("over two weeks", "every 3 days"); the first
 * email uses an introduction template and later ones a follow-up template when the user has them.
 */
export function draftWorkflow(prompt: string, templates: TemplateRef[]): GeneratedWorkflow {
  const lower = prompt.toLowerCase();
  const touches = Math.min(Math.max(countIn(lower, 'step|touch|email|message') ?? 3, 1), 10);
  const withLinkedIn = /linked ?in/.test(lower) && touches > 1;
  const weeks = countIn(lower, ' ?weeks?');
  const spanDays = countIn(lower, ' ?days?') ?? (weeks ? weeks * 7 : undefined);
  const every = Number(/every (\d+) days?/.exec(lower)?.[1] ?? 0);
  const gap = every || (spanDays && touches > 1 ? Math.max(1, Math.floor((spanDays - 1) / (touches - 1))) : 3);
  const ofCategory = (category: string) => templates.find((template) => template.category === category);
  const firstTemplate = ofCategory('introduction') ?? templates[0];
  const laterTemplate = ofCategory('follow-up') ?? ofCategory('check-in') ?? firstTemplate;
  const steps: GeneratedWorkflow['steps'] = Array.from({ length: touches }, (_, index) => {
    const day = 1 + index * gap;
    if (withLinkedIn && index === 1) return { day, type: 'LinkedIn Visit' as const };
    return { day, type: 'Email' as const, templateId: (index === 0 ? firstTemplate : laterTemplate).id };
  });
  const lastDay = steps[steps.length - 1].day;
  const name = `${touches}-step outreach${withLinkedIn ? ' with a LinkedIn visit' : ''}${touches > 1 ? ` over ${lastDay} days` : ''}`;
  return { name, steps };
}

export function createOfflineAnalyst(knex: Knex): AiProvider {
  let suggestionRound = 0;
  return {
    name: 'offline',

    async *chat(messages: ChatMessage[], scope, { signal }) {
      const questions = messages.filter((message) => message.role === 'user').map((message) => message.content);
      yield* inPieces(await answerQuestion(questions, scope), signal);
    },

    async test() {
      return 'The offline analyst is answering: no AI service is configured on this server (set GEMINI_API_KEY to use Gemini). Chat, analyses and drafts are written from our own data.';
    },

    async marketSummary(stats) {
      const totalAssets = numberFrom(stats.totalAssets);
      const roa = numberFrom(stats.avgRoa);
      const npl = numberFrom(stats.avgNpl);
      const nim = numberFrom(stats.avgNim);
      const quarter = await quarterFor(knex).catch(() => undefined);
      const parts = [`The 100 largest banks hold ${formatMoney(totalAssets)} in assets.`];
      if (roa !== null) parts.push(`Their average return on assets of ${formatPercent(roa)} is ${roa >= 1.25 ? 'strong' : roa >= 0.75 ? 'healthy' : roa >= 0.5 ? 'modest' : 'weak'} (1.25% and above is strong).`);
      if (npl !== null) parts.push(`Noncurrent loans average ${formatPercent(npl)} of loans, ${npl < 1 ? 'a clean credit picture' : npl < 2.5 ? 'worth watching' : 'a level that signals credit stress'}.`);
      if (nim !== null) parts.push(`The average net interest margin is ${formatPercent(nim)}${nim < 2.5 ? ', thin by historical standards' : ''}.`);
      return parts.join(' ') + offlineFooter(quarter);
    },

    async analyzeBank({ bankData, cert, quarter }) {
      if (cert !== undefined && quarter !== undefined) {
        const profile = await bankProfile(knex, cert, quarter);
        if (profile) return profileAnswer(profile);
      }
      const figures = keyFinancialsOf(bankData);
      const name = typeof bankData.name === 'string' ? bankData.name : 'This bank';
      const lines = [`**${name}**`, '', ...Object.entries(figures).filter(([, value]) => value !== null).map(([key, value]) => `- ${key}: ${value}`)];
      return lines.join('\n') + offlineFooter();
    },

    async analyzeRisk({ bankData, cert, quarter }) {
      const profile = cert !== undefined && quarter !== undefined ? await bankProfile(knex, cert, quarter) : null;
      const figures = profile?.figures ?? {};
      const given = keyFinancialsOf(bankData);
      const roa = figures.roa ?? given.returnOnAssets ?? null;
      const npl = figures.npl_ratio ?? given.noncurrentLoanRatio ?? null;
      const tier1 = figures.tier1_capital_ratio ?? given.tier1CapitalRatio ?? null;
      const nco = figures.net_charge_offs_to_loans_ratio ?? given.netChargeOffRatio ?? null;
      const allowance = figures.allowance_to_loans_ratio ?? given.allowanceToLoansRatio ?? null;
      const name = profile ? citeBank(profile) : typeof bankData.name === 'string' ? bankData.name : 'This bank';
      const lines = [`**Risk commentary: ${name}**`, ...(profile ? inactiveNote(profile) : []), ''];
      if (profile?.risk) lines.push(`Risk score ${profile.risk.score.toFixed(1)} of 100, **${profile.risk.category}** (from ROA, noncurrent loans and Tier 1 capital).`, '');
      lines.push(`- Earnings: ROA ${formatPercent(roa)}${roa === null ? '' : roa < 0.5 ? ', too low to absorb losses comfortably' : roa >= 1.25 ? ', a strong earnings cushion' : ', adequate'}.`);
      lines.push(`- Credit: noncurrent loans ${formatPercent(npl)} of loans${npl === null ? '' : npl >= 2.5 ? ', elevated' : npl < 1 ? ', low' : ', moderate'}; net charge-offs ${formatPercent(nco)}${nco !== null && nco >= 1 ? ', high' : ''}.`);
      lines.push(`- Reserves: allowance ${formatPercent(allowance)} of loans${allowance !== null && npl !== null && npl > 0 ? ` (${(allowance / npl).toFixed(2)}x noncurrent loans)` : ''}.`);
      lines.push(`- Capital: Tier 1 ratio ${formatPercent(tier1)}${tier1 === null ? '' : tier1 < 8 ? ', thin' : tier1 >= 10 ? ', well capitalized' : ', adequate'}.`);
      return lines.join('\n') + offlineFooter(profile?.quarter);
    },

    async analyzePeers({ targetBankData, peerAnalysisData, quarter }: PeerAnalysisRequest) {
      const name = typeof targetBankData.name === 'string' ? targetBankData.name : 'The bank';
      const averages = (peerAnalysisData.averages && typeof peerAnalysisData.averages === 'object' ? peerAnalysisData.averages : peerAnalysisData) as Record<string, unknown>;
      const peerCount = numberFrom(peerAnalysisData.peerCount);
      const rows = Object.entries(targetBankData)
        .map(([key, value]) => ({ key, own: numberFrom(value), peers: numberFrom(averages[key]) }))
        .filter((row) => row.own !== null && row.peers !== null && row.key !== 'assets');
      if (rows.length === 0) return `There are no peer figures to compare.${offlineFooter(quarter)}`;
      const lines = [`**${name} against ${peerCount ?? 'its'} peers**`, '', '| Metric | Bank | Peer average |', '|---|---|---|'];
      for (const row of rows) lines.push(`| ${row.key} | ${row.own!.toFixed(2)} | ${row.peers!.toFixed(2)} |`);
      const above = rows.filter((row) => row.own! > row.peers!).map((row) => row.key);
      lines.push('', `${name} is above the peer average on ${above.length} of ${rows.length} measures${above.length ? ` (${above.join(', ')})` : ''}. Whether above is better depends on the measure: for efficiency, NPL, charge-offs and cost of funds lower is better.`);
      return lines.join('\n') + offlineFooter(quarter);
    },

    async generateEmail(request: EmailRequest) {
      const contact = request.contactName?.trim() || 'there';
      const bank = request.bankName?.trim() || 'your bank';
      const topic = request.subject?.trim() || `opportunities with ${bank}`;
      const sender = request.senderName?.trim() || '[Your Name]';
      return [
        `Hi ${contact},`,
        '',
        `I am reaching out about ${topic.charAt(0).toLowerCase()}${topic.slice(1)}. ${request.contactTitle ? `As ${request.contactTitle} at ${bank}` : `At ${bank}`}, you know better than anyone where the bank wants to grow next, and we work with institutions like yours on exactly that.`,
        '',
        'Would you have 20 minutes next week for a short call? I would share what peers of your size are doing and listen to your priorities.',
        '',
        'Best regards,',
        sender,
      ].join('\n');
    },

    async generateTemplate(prompt: string): Promise<GeneratedTemplate | null> {
      const lower = prompt.toLowerCase();
      const category = /follow[- ]?up/.test(lower) ? 'follow-up' : /check[- ]?in/.test(lower) ? 'check-in' : /intro|introduc|first|cold/.test(lower) ? 'introduction' : 'custom';
      const audience = /\b(cfo|ceo|coo|cro|cio|cto|president|treasurer|chief [a-z]+ officer)\b/i.exec(prompt)?.[0].toUpperCase() ?? 'leader';
      // a name a person would give it: the kind of email, to whom, and its topic when the prompt says "about ..."
      const kinds: Record<GeneratedTemplate['category'], string> = { introduction: 'Introduction', 'follow-up': 'Follow-up', 'check-in': 'Check-in', custom: 'Note' };
      const topic = /\babout\s+([^.,;:!?]{3,40})/i.exec(prompt)?.[1].trim();
      const name = `${kinds[category]}${audience === 'leader' ? '' : ` to a ${audience}`}${topic ? `: ${topic}` : ''}`;
      const subjects: Record<GeneratedTemplate['category'], string> = {
        introduction: 'Introduction: supporting {{bankName}}',
        'follow-up': 'Following up on our conversation, {{contactName}}',
        'check-in': 'Checking in with {{bankName}}',
        custom: 'A note for {{bankName}}',
      };
      const openings: Record<GeneratedTemplate['category'], string> = {
        introduction: `I lead coverage of banks like {{bankName}} and wanted to introduce myself to you as ${audience === 'leader' ? 'one of its leaders' : `its ${audience}`}.`,
        'follow-up': 'Thank you again for your time. I wanted to follow up on the points we discussed.',
        'check-in': 'It has been a little while since we spoke, so I wanted to check in.',
        custom: 'I wanted to share a short note with you.',
      };
      return {
        name,
        category,
        subject: subjects[category],
        body: [
          'Hi {{contactName}},',
          '',
          openings[category],
          '',
          'With total assets of {{totalAssets}} and a return on assets of {{roa}}, {{bankName}} is well placed for the next stage of growth, and we help banks of your size with exactly that.',
          '',
          callToAction,
          '',
          senderSignOff,
        ].join('\n'),
      };
    },

    async improveTemplate(template: GeneratedTemplate): Promise<GeneratedTemplate> {
      return editTemplate(template);
    },

    async generateWorkflow(prompt: string, templates: TemplateRef[]): Promise<GeneratedWorkflow | null> {
      if (templates.length === 0) return null;
      return draftWorkflow(prompt, templates);
    },

    // The offline analyst knows no people: inventing executives would be worse than finding none.
    async findExecutives() {
      return [];
    },
    async findLeads() {
      return [];
    },

    async findBankDomain(bankName: string) {
      const [bank] = await searchBanksByName(knex, bankName, 1);
      if (!bank) return null;
      const row = await knex('fdic_institutions').where({ cert: bank.cert }).first('website');
      return row?.website ? stripProtocol(String(row.website)) : null;
    },

    async promptSuggestions(): Promise<PromptSuggestions> {
      suggestionRound += 1;
      const quarter = await quarterFor(knex).catch(() => undefined);
      const largest = quarter ? (await rankBanks(knex, { metric: metricByColumn('assets')!, order: 'desc', limit: 12, quarter, filters: {} })).banks.map((bank) => bank.name) : [];
      const names = pick(largest, 3, suggestionRound);
      return {
        'Rank Banks': pick(suggestionPools.rank(), 3, suggestionRound),
        'Analyze a Bank': pick(suggestionPools.analyse(names).length ? suggestionPools.analyse(names) : ['Analyze a bank by its cert, e.g. cert 628'], 3, suggestionRound),
        'Get Specific Metrics': pick(suggestionPools.metrics(names).length ? suggestionPools.metrics(names) : ['Top 5 banks by ROA'], 3, suggestionRound),
        'Market & Industry News': pick(suggestionPools.market(), 3, suggestionRound),
      };
    },

    async bankNews(bankName: string): Promise<BankNews> {
      return { summary: `Latest news about ${bankName} needs the AI service: news is found by a model searching the web, and this server has no AI service configured (set GEMINI_API_KEY).`, articles: [] };
    },
  };
}

