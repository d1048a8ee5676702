/** Tag input rules: Enter or comma adds, duplicates are ignored, Backspace on empty removes the last. */

/** Adds the trimmed text as a tag unless it is empty or already there (case-insensitive). */
export function addTag(tags: readonly string[], text: string): string[] {
  const tag = text.trim().replace(/,+$/, '').trim();
  if (!tag) return [...tags];
  if (tags.some((existing) => existing.toLowerCase() === tag.toLowerCase())) return [...tags];
  return [...tags, tag];
}

export function removeTag(tags: readonly string[], tag: string): string[] {
  return tags.filter((existing) => existing !== tag);
}

/** Backspace in an empty input removes the last tag. */
export function removeLastTag(tags: readonly string[]): string[] {
  return tags.slice(0, -1);
}
