/** A template or workflow the AI drafted that breaks the rules Save applies, twice in a row. */
export class UnsavableDraftError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`The AI wrote a draft that could not be saved, even when asked again: ${problems.join(' ')} Please try again or reword your request.`);
  }
}

/**
 * A draft the user can save: the one written, checked by `problemsOf` (the rules Save applies); one
 * with problems is written once more with its problems named, and a second one with problems is
 * refused naming them. A writer with nothing to draft from (null) is answered null.
 */
export async function savableDraft<T>(write: (problems: readonly string[]) => Promise<T | null>, problemsOf: (draft: T) => string[] | Promise<string[]>): Promise<T | null> {
  const first = await write([]);
  if (first === null) return null;
  const problems = await problemsOf(first);
  if (problems.length === 0) return first;
  const second = await write(problems);
  if (second === null) return null;
  const remaining = await problemsOf(second);
  if (remaining.length > 0) throw new UnsavableDraftError(remaining);
  return second;
}
