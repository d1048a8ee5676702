import type { Decider } from '../../commands/decider.ts';
import { aiAnalysisEvents, type AiAnalysisEvent, type AnalysisKind } from './events.ts';

export type SaveAnalysis = {
  type: 'SaveAnalysis';
  ownerId: string;
  cert: number;
  kind: AnalysisKind;
  content: string;
  provider: 'gemini' | 'offline';
  /** The report date (YYYYMMDD) of the figures the text comments on; null when not known. */
  quarter: string | null;
};

/** The latest analysis of each kind and quarter commented on ('' when not known), as the stream tells it. */
export type AnalysisState = Partial<Record<AnalysisKind, Record<string, string>>>;

/**
 * Saving an analysis records what the model wrote; saving the very text already saved for that
 * kind and quarter records nothing (a repeated click on a cached answer is not news).
 */
export const aiAnalysisDecider: Decider<AnalysisState, SaveAnalysis, AiAnalysisEvent> = {
  initialState: () => ({}),
  decide: (command, state) => {
    const content = command.content.trim();
    if (!content || state[command.kind]?.[command.quarter ?? ''] === content) return [];
    return [aiAnalysisEvents.AiAnalysisGenerated.create({ ownerId: command.ownerId, cert: command.cert, kind: command.kind, content, provider: command.provider, quarter: command.quarter })];
  },
  evolve: (state, event) => ({ ...state, [event.data.kind]: { ...state[event.data.kind], [event.data.quarter ?? '']: event.data.content } }),
};
