import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

export type EventSource = 'ui' | 'api' | 'ai' | 'workflow' | 'import' | 'system';

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

/** Context for work outside a request (CLIs, jobs, tests). */
export function systemContext(overrides: Partial<RequestContext> = {}): RequestContext {
  const requestId = randomUUID();
  return { requestId, correlationId: requestId, source: 'system', ...overrides };
}
