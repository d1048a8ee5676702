/**
 * PostgreSQL cannot store the NUL character in text or jsonb, and UTF-8 cannot encode a lone UTF-16
 * surrogate: either one in a request used to reach the database and fail there as a 500. Requests are
 * checked here instead, so the user gets a 400 naming the field.
 */

/** Deeper JSON is refused: nothing we accept nests more than a few levels, and hashing or walking a deep body must not exhaust the stack. */
export const maxJsonDepth = 32;

const loneSurrogate = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Why a text cannot be stored, or undefined when it can. */
export function unstorableTextReason(text: string): string | undefined {
  if (text.includes('\u0000')) return 'contains the NUL character (\\u0000)';
  if (loneSurrogate.test(text)) return 'contains an unpaired UTF-16 surrogate';
  return undefined;
}

/**
 * The first problem in a parsed JSON value (a key or string that cannot be stored, or nesting past
 * `maxJsonDepth`), as a sentence naming where it is; undefined when the whole value is fine.
 * Walks with an explicit stack, so a hostile depth cannot overflow the call stack.
 */
export function findUnstorableText(value: unknown, where: string): string | undefined {
  const pending: Array<{ value: unknown; path: string; depth: number }> = [{ value, path: '', depth: 0 }];
  while (pending.length > 0) {
    const { value: current, path, depth } = pending.pop()!;
    const label = path ? `${where} field "${path}"` : where;
    if (typeof current === 'string') {
      const reason = unstorableTextReason(current);
      if (reason) return `The ${label} ${reason}. Remove that character and try again.`;
      continue;
    }
    if (current === null || typeof current !== 'object') continue;
    if (depth >= maxJsonDepth) return `The ${where} is nested too deeply (at most ${maxJsonDepth} levels).`;
    const entries = Array.isArray(current) ? current.map((item, index) => [String(index), item] as const) : Object.entries(current);
    for (const [key, item] of entries) {
      const keyReason = unstorableTextReason(key);
      if (keyReason) return `A field name in the ${where} ${keyReason}.`;
      pending.push({ value: item, path: path ? `${path}.${key}` : key, depth: depth + 1 });
    }
  }
  return undefined;
}
