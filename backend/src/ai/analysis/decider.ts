import type { Decider } from '../../commands/decider.ts';
import type { AiAnalysisEvent, AnalysisKind } from './events.ts';

export type SaveAnalysis = { type: 'SaveAnalysis'; ownerId: string; cert: number; kind: AnalysisKind; content: string; provider: 'gemini' | 'offline' };

/** The latest analysis of each kind, as the stream tells it. */
export type AnalysisState = Partial<Record<AnalysisKind, string>>;

/**
 * Saving an analysis records what the model wrote; saving the very text already saved for that
 * kind records nothing (a repeated click on a cached answer is not news).
 */
export const aiAnalysisDecider: Decider<AnalysisState, SaveAnalysis, AiAnalysisEvent> = {
  initialState: () => ({}),
  decide: (command, state) => {
    const content = command.content.trim();
    if (!content || state[command.kind] === content) return [];
    return [{ type: 'AiAnalysisGenerated', data: { ownerId: command.ownerId, cert: command.cert, kind: command.kind, content, provider: command.provider } }];
  },
  evolve: (state, event) => ({ ...state, [event.data.kind]: event.data.content }),
};
