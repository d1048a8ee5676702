/**
 * In-memory cache of AI answers: the same question within its lifetime is answered without asking
 * the model again. Only successful answers are kept; a key holds the caller's id whenever the
 * answer draws on that user's data.
 */

const minute = 60_000;

/** How long an answer of each kind stays fresh: people and news an hour, a bank's domain a day, anything else five minutes. */
export const aiCacheTtlMs = {
  default: 5 * minute,
  executives: 60 * minute,
  leads: 60 * minute,
  news: 60 * minute,
  bankDomain: 24 * 60 * minute,
} as const;

const maxEntries = 2000;

export class TtlCache {
  private readonly entries = new Map<string, { expiresAt: number; value: Promise<unknown> }>();

  constructor(private readonly now: () => number = Date.now) {}

  /** The fresh answer for `key`, or `load()`'s (shared by callers asking at the same time); `renew` loads it again whatever is kept. */
  async get<T>(key: string, ttlMs: number, load: () => Promise<T>, renew = false): Promise<T> {
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > this.now() && !renew) return hit.value as Promise<T>;
    const value = load();
    this.entries.delete(key);
    this.entries.set(key, { expiresAt: this.now() + ttlMs, value });
    if (this.entries.size > maxEntries) this.entries.delete(this.entries.keys().next().value!);
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }
}

/** A key from parts and a payload whose property order does not matter. */
export function cacheKey(parts: Array<string | number | undefined>, payload: unknown): string {
  const stable = (value: unknown): unknown =>
    Array.isArray(value) ? value.map(stable) : value && typeof value === 'object' ? Object.fromEntries(Object.entries(value).sort(([a], [b]) => a.localeCompare(b)).map(([k, v]) => [k, stable(v)])) : value;
  return `${parts.map((part) => part ?? '').join('|')}|${JSON.stringify(stable(payload))}`;
}
