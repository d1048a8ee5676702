import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { EventSource } from '../../../domain/records/event-source.ts';

/** What every event appended during a request is stamped with; nobody passes it by hand. */
export type RequestContext = {
  requestId: string;
  correlationId: string;
  causationId?: string;
  userId?: string;
  source: EventSource;
};

const storage = new AsyncLocalStorage<RequestContext>();

export function runWithContext<T>(context: RequestContext, work: () => T): T {
  return storage.run(context, work);
}

export function currentContext(): RequestContext | undefined {
  return storage.getStore();
}

/** Runs `work` in the current context with another source: an AI tool call or a workflow step inside a request. */
export function runAsSource<T>(source: EventSource, work: () => T): T {
  const context = currentContext() ?? systemContext();
  return storage.run({ ...context, source }, work);
}

/** Context for work outside a request (CLIs, jobs, tests). */
export function systemContext(overrides: Partial<RequestContext> = {}): RequestContext {
  const requestId = randomUUID();
  return { requestId, correlationId: requestId, source: 'system', ...overrides };
}

/** The header with which the app's own screens mark their calls. */
export const sourceHeader = 'x-charterline-source';

/**
 * The source of a request, decided by the server: the AI analyst's routes are `ai`; a call the app's
 * screens marked with `X-Charterline-Source: ui` is `ui`; everything else (public API, scripts, any
 * other client, and any other value of the header: a client cannot pass itself off as the AI or a
 * workflow) is `api`.
 */
export function requestSource(path: string, sourceHeaderValue: string): EventSource {
  if (path.startsWith('/api/public')) return 'api';
  if (path.startsWith('/api/analyst')) return 'ai';
  return sourceHeaderValue.trim().toLowerCase() === 'ui' ? 'ui' : 'api';
}
