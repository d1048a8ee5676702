import { aiAnalysisEvents } from '../backend/src/ai/analysis/events.ts';
import { defineRowProjection, upsert } from './row-projection.ts';

/** The latest saved analysis per user, bank, kind and quarter commented on ('' for one saved before analyses named their quarter). */
export const aiAnalysesProjection = defineRowProjection(
  { name: 'ai-analyses', title: 'Saved AI analyses', table: 'ai_analyses', key: ['user_id', 'cert', 'kind', 'quarter'], version: 1, events: aiAnalysisEvents },
  {
    AiAnalysisGenerated: (data) => upsert({ user_id: data.ownerId, cert: data.cert, kind: data.kind, content: data.content, provider: data.provider, quarter: data.quarter ?? '' }, ['content', 'provider']),
  },
);
