import { Conflict, RecordNotFound } from '../commands/errors.ts';

/** Lifecycle every outreach record shares. */
export type RecordStatus = 'absent' | 'active' | 'deleted';

/**
 * A record can be acted on only by its owner and only while it exists. Another user's record and
 * a deleted one both look like "not found": nobody learns that someone else's record exists.
 */
export function assertOwnedActive(state: { status: RecordStatus; ownerId?: string }, userId: string, what: string): void {
  if (state.status !== 'active' || state.ownerId !== userId) throw new RecordNotFound(what);
}

/**
 * A deleted record can be restored by its owner alone: another user's or a missing one is "not
 * found" as above, and one not deleted (never, or restored already, as by an Undo in another tab)
 * has nothing to restore.
 */
export function assertOwnedDeleted(state: { status: RecordStatus; ownerId?: string }, userId: string, what: string): void {
  if (state.status === 'absent' || state.ownerId !== userId) throw new RecordNotFound(what);
  if (state.status === 'active') throw new Conflict(`This ${what.toLowerCase()} is not deleted, so there is nothing to restore: it was restored already, or never deleted.`);
}

/** Trims, drops empties and de-duplicates (case-insensitively, keeping the first spelling). */
export function cleanTags(tags: string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of tags) {
    const tag = raw.trim();
    if (!tag || seen.has(tag.toLowerCase())) continue;
    seen.add(tag.toLowerCase());
    result.push(tag);
  }
  return result;
}

export function sameTags(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((tag, index) => tag === b[index]);
}
