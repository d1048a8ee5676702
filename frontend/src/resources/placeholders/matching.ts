import type { PlaceholderGroup } from '../../../../domain/placeholders/index.ts';

/**
 * The picker's groups narrowed to the placeholders a typed filter names: every word of it, in any
 * letter case, appears in the placeholder's label, its `{{name}}` or its group's label ("ratio roa").
 * A group left with none is dropped; an empty filter keeps the whole catalogue.
 */
export function placeholdersMatching(groups: PlaceholderGroup[], filter: string): PlaceholderGroup[] {
  const words = filter.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return groups;
  return groups
    .map((group) => ({
      ...group,
      placeholders: group.placeholders.filter((placeholder) => {
        const text = `${placeholder.label} ${placeholder.name} ${group.label}`.toLowerCase();
        return words.every((word) => text.includes(word));
      }),
    }))
    .filter((group) => group.placeholders.length > 0);
}
