import { toDomainEvent } from '../backend/src/events/registry.ts';
import { aiAnalysisEvents, type AiAnalysisEvent } from '../backend/src/ai/analysis/events.ts';
import type { Projection } from './projection.ts';

/** The latest saved analysis per user, bank and kind. A replayed event at or below the row's version changes nothing. */
export const aiAnalysesProjection: Projection = {
  name: 'ai-analyses',
  tables: ['ai_analyses'],
  handles: Object.keys(aiAnalysisEvents),
  async apply(recorded, trx) {
    const event = toDomainEvent<AiAnalysisEvent>(recorded);
    const row = {
      user_id: event.data.ownerId,
      cert: event.data.cert,
      kind: event.data.kind,
      content: event.data.content,
      provider: event.data.provider,
      version: recorded.streamVersion,
      created_at: recorded.recordedAt,
      updated_at: recorded.recordedAt,
    };
    await trx('ai_analyses')
      .insert(row)
      .onConflict(['user_id', 'cert', 'kind'])
      .merge(['content', 'provider', 'version', 'updated_at'])
      .where('ai_analyses.version', '<', recorded.streamVersion);
  },
};
