import type { Knex } from 'knex';
import { z } from 'zod';
import { bankProfile, DataQuestionError, marketStatistics, peerComparison, quarterFor, quarterForBank, rankBanks, searchBanksByName, sizeBands, userTargets } from './data.ts';
import { findMetric, metrics } from './metrics.ts';
import { quarterLabel as quarterName } from '../../../domain/format.ts';
import { PEER_ASSET_RANGE_WORDS } from '../../../domain/peers.ts';
import { quarterSchema } from '../../../domain/quarter.ts';
import { largestCert } from '../../../domain/cert.ts';

/**
 * The functions a model may call during a chat. Each runs on the server with the caller's scope
 * (`userId` comes from the signed-in session, never from the model), parses its arguments with zod
 * and answers data or `{ error }`: a bad call is told to the model, it does not end the chat.
 */

export type ToolScope = { knex: Knex; userId: string };

/** Where a bank's detail opens in the app; answers cite banks with this link. */
export const bankLink = (cert: number) => `#/bank/${cert}`;

const quarter = quarterSchema
  .optional()
  .describe('Report date YYYYMMDD (quarter end); omit for the newest quarter held');
const state = z
  .string()
  .regex(/^[A-Za-z]{2}$/, 'state must be a two-letter code')
  .optional()
  .describe('Two-letter US state code');
const cert = z.number().int().positive().max(largestCert).describe('FDIC certificate number of the bank');

const schemas = {
  search_banks: z.object({ name: z.string().min(2).describe('Part of the bank name') }).describe('Find banks by name; answers cert, name, city, state and assets.'),
  rank_banks: z
    .object({
      metric: z.string().min(2).describe(`Metric to rank by, e.g. ${metrics.slice(0, 12).map((metric) => metric.column).join(', ')}`),
      order: z.enum(['desc', 'asc']).default('desc').describe('desc: highest first'),
      limit: z.number().int().min(1).max(50).default(10),
      state,
      regulator: z.enum(['FDIC', 'FRS', 'OCC']).optional(),
      charterClass: z.enum(['N', 'NM', 'SM', 'SB', 'SA']).optional(),
      size: z.enum(['small', 'mid', 'large']).optional().describe('small: under $1B assets, mid: $1B-$10B, large: over $10B'),
      minAssets: z.number().nonnegative().optional().describe('Minimum total assets in dollars'),
      maxAssets: z.number().positive().optional().describe('Maximum total assets in dollars'),
      quarter,
    })
    .describe('Rank active banks by one financial metric for a quarter, with optional filters.'),
  bank_financials: z.object({ cert, quarter }).describe("One bank's key financial figures and risk score for a quarter."),
  peer_comparison: z.object({ cert, quarter }).describe(`Compare a bank with the average of its peers (banks of ${PEER_ASSET_RANGE_WORDS} of its assets, same state when enough).`),
  market_statistics: z.object({ quarter, state }).describe('Market totals and averages over active banks, optionally for one state.'),
  my_targets: z.object({ cert: cert.optional() }).describe("The signed-in user's target banks with their contacts and open tasks."),
} as const;

export type ToolName = keyof typeof schemas;
export const toolNames = Object.keys(schemas) as ToolName[];

/** Declarations in the shape the Gemini API takes (JSON Schema parameters). */
export function toolDeclarations() {
  return toolNames.map((name) => {
    const { description, ...parameters } = z.toJSONSchema(schemas[name], { io: 'input' }) as Record<string, unknown>;
    delete parameters.$schema;
    return { name, description: String(description ?? name), parametersJsonSchema: parameters };
  });
}

const withLink = <T extends { cert: number }>(bank: T) => ({ ...bank, link: bankLink(bank.cert) });

async function run(name: ToolName, args: unknown, scope: ToolScope): Promise<unknown> {
  const { knex, userId } = scope;
  switch (name) {
    case 'search_banks': {
      const input = schemas.search_banks.parse(args);
      return { banks: (await searchBanksByName(knex, input.name)).map(withLink) };
    }
    case 'rank_banks': {
      const input = schemas.rank_banks.parse(args);
      const found = findMetric(input.metric);
      if (!found) return { error: `Unknown metric "${input.metric}". Known metrics: ${metrics.map((metric) => metric.column).join(', ')}.` };
      const band: { minAssets?: number; maxAssets?: number } = input.size ? sizeBands[input.size] : {};
      const ranking = await rankBanks(knex, {
        metric: found.metric,
        order: input.order,
        limit: input.limit,
        quarter: await quarterFor(knex, input.quarter),
        filters: {
          state: input.state,
          regulator: input.regulator,
          charterClass: input.charterClass,
          minAssets: input.minAssets ?? band.minAssets,
          maxAssets: input.maxAssets ?? band.maxAssets,
        },
      });
      return {
        quarter: ranking.quarter,
        quarterName: quarterName(ranking.quarter),
        metric: { column: found.metric.column, label: found.metric.label, unit: found.metric.unit },
        matchingBanks: ranking.matching,
        banks: ranking.banks.map(withLink),
      };
    }
    case 'bank_financials': {
      const input = schemas.bank_financials.parse(args);
      const profile = await bankProfile(knex, input.cert, await quarterForBank(knex, input.cert, input.quarter));
      return profile ? { ...withLink(profile), quarterName: quarterName(profile.quarter) } : { error: `No bank with cert ${input.cert} is held.` };
    }
    case 'peer_comparison': {
      const input = schemas.peer_comparison.parse(args);
      const comparison = await peerComparison(knex, input.cert, await quarterForBank(knex, input.cert, input.quarter));
      if (!comparison) return { error: `No bank with cert ${input.cert} and assets for that quarter is held.` };
      return {
        bank: withLink({ cert: comparison.bank.cert, name: comparison.bank.name, state: comparison.bank.state }),
        quarter: comparison.quarter,
        quarterName: quarterName(comparison.quarter),
        peerGroup: comparison.peerGroup,
        peerCount: comparison.peerCount,
        rows: comparison.rows.map((row) => ({ metric: row.metric.column, label: row.metric.label, bank: row.bank, peerAverage: row.peerAverage, better: row.better })),
      };
    }
    case 'market_statistics': {
      const input = schemas.market_statistics.parse(args);
      const statistics = await marketStatistics(knex, await quarterFor(knex, input.quarter), input.state);
      return { ...statistics, quarterName: quarterName(statistics.quarter) };
    }
    case 'my_targets': {
      const input = schemas.my_targets.parse(args);
      return { targets: (await userTargets(knex, userId, input.cert)).map(withLink) };
    }
  }
}

/** Runs a tool the model asked for; any wrong argument or unknown name comes back as `{ error }`. */
export async function runTool(name: string, args: unknown, scope: ToolScope): Promise<Record<string, unknown>> {
  if (!toolNames.includes(name as ToolName)) return { error: `Unknown function "${name}". Available: ${toolNames.join(', ')}.` };
  try {
    const result = await run(name as ToolName, args ?? {}, scope);
    return result as Record<string, unknown>;
  } catch (error) {
    if (error instanceof z.ZodError) return { error: `Invalid arguments: ${error.issues.map((issue) => `${issue.path.join('.') || 'arguments'}: ${issue.message}`).join('; ')}` };
    if (error instanceof DataQuestionError) return { error: error.message };
    throw error;
  }
}
