/** A LIKE/ILIKE pattern matching `text` anywhere in a value, with `%`, `_` and `\` in it taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
