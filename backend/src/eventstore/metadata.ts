import { currentContext, systemContext } from '../context/request-context.ts';
import type { EventMetadata } from './types.ts';

/** Metadata from the request context in force; work outside a request is stamped as `system`. */
export function stampMetadata(schemaVersion: number): EventMetadata {
  const context = currentContext() ?? systemContext();
  return {
    userId: context.userId,
    correlationId: context.correlationId,
    causationId: context.causationId ?? context.requestId,
    requestId: context.requestId,
    source: context.source,
    schemaVersion,
  };
}
