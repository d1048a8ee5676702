import { z } from 'zod';
import { defineEvent, type EventOf } from '../../events/registry.ts';
import { quarterSchema } from '../../../../domain/quarter.ts';

/** The kinds of analysis a user keeps per bank: the AI financial summary, the risk commentary and the peer comparison. */
export const analysisKinds = ['summary', 'risk', 'peers'] as const;
export type AnalysisKind = (typeof analysisKinds)[number];

export const aiAnalysisEvents = {
  /**
   * Version 2 names the quarter whose figures the text comments on (its report date, YYYYMMDD), so a
   * text is never shown for another quarter; version 1 did not say (null).
   */
  AiAnalysisGenerated: defineEvent(
    'AiAnalysisGenerated',
    z.object({
      ownerId: z.uuid(),
      cert: z.number().int(),
      kind: z.enum(analysisKinds),
      content: z.string().min(1),
      provider: z.enum(['gemini', 'offline']),
      quarter: quarterSchema.nullable(),
    }),
    { version: 2, upcasters: [{ from: 1, up: (data) => ({ ...(data as object), quarter: null }) }] },
  ),
};

export type AiAnalysisEvent = EventOf<typeof aiAnalysisEvents>;

/** One stream per user and bank: every analysis the model wrote for that user about that bank, in order. */
export const aiAnalysisStream = (userId: string, cert: number) => `ai-analysis-${userId}-${cert}`;
