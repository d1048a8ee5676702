import type { Knex } from 'knex';
import type { AppConfig } from '../config.ts';
import { TtlCache, cacheKey } from './cache.ts';
import { createGeminiProvider } from './gemini/provider.ts';
import { createOfflineAnalyst } from './offline/analyst.ts';
import type { AiProvider, CallOptions } from './provider.ts';
import { deadlineSignal } from '../http/deadline.ts';

/**
 * The AI provider of this server (Gemini with a key, else the offline analyst), with a time limit
 * on every call and the in-memory answer cache.
 */
export type AiService = {
  provider: AiProvider;
  timeoutMs: number;
  /**
   * Runs one call within the time limit, answered from the cache while fresh. `userId` goes into the
   * key when the answer uses that user's data; `renew` asks the model again and keeps its new answer.
   */
  call<T>(input: { feature: string; payload: unknown; ttlMs: number; userId?: string; renew?: boolean; signal?: AbortSignal }, work: (options: CallOptions) => Promise<T>): Promise<T>;
  /** An abort signal that fires after the time limit (or when `outer` does). */
  deadline(outer?: AbortSignal): AbortSignal;
};

export class AiTimeoutError extends Error {
  constructor() {
    super('The AI service did not answer in time.');
  }
}

export function createAiService(config: Pick<AppConfig, 'geminiApiKey' | 'geminiModel' | 'geminiApiUrl' | 'aiTimeoutMs'>, knex: Knex): AiService {
  const provider = config.geminiApiKey
    ? createGeminiProvider({ apiKey: config.geminiApiKey, model: config.geminiModel, baseUrl: config.geminiApiUrl }, knex)
    : createOfflineAnalyst(knex);
  const cache = new TtlCache();
  const deadline = (outer?: AbortSignal) => deadlineSignal(config.aiTimeoutMs, outer);
  return {
    provider,
    timeoutMs: config.aiTimeoutMs,
    deadline,
    call(input, work) {
      const key = cacheKey([provider.name, input.feature, input.userId], input.payload);
      return cache.get(key, input.ttlMs, async () => {
        const signal = deadline(input.signal);
        // A provider that ignores the signal still cannot hold the request past the limit.
        const expired = new Promise<never>((_, reject) => signal.addEventListener('abort', () => reject(new AiTimeoutError()), { once: true }));
        expired.catch(() => undefined);
        return Promise.race([work({ signal }), expired]);
      }, input.renew);
    },
  };
}
