import { ApiError } from '../../providers/http.ts';

/**
 * Field messages out of an API problem answer (400 with `issues: [{path, message}]`), keyed by the
 * top-level field, so a form shows each message under its own field.
 */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  const body = error instanceof ApiError ? error.body : (error as { body?: unknown } | null)?.body;
  const issues = (body as { issues?: Array<{ path?: unknown; message?: unknown }> } | undefined)?.issues;
  const errors: Record<string, string> = {};
  if (!Array.isArray(issues)) return errors;
  for (const issue of issues) {
    const field = String(issue.path ?? '').split('.')[0];
    if (field && typeof issue.message === 'string' && !errors[field]) errors[field] = issue.message;
  }
  return errors;
}

/** The HTTP status of a failed call, when there was an answer. */
export function statusOf(error: unknown): number | undefined {
  if (error instanceof ApiError) return error.status;
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
}

/** The message a person can read: the server's, else the given fallback. */
export function messageOf(error: unknown, fallback: string): string {
  const message = error instanceof Error ? error.message : '';
  return message && message !== 'API request failed' ? message : fallback;
}

/**
 * What went wrong, in words: a refusal of fields (400 with issues) reads as the fields' own messages
 * ('Body can be at most 100,000 characters.'), not as the server's summary, which names each field
 * as the code does ('body: ...'); any other failure reads as `messageOf` does.
 */
export function reasonOf(error: unknown, fallback: string): string {
  const fields = Object.values(fieldErrorsOf(error));
  return fields.length > 0 ? fields.join(' ') : messageOf(error, fallback);
}
