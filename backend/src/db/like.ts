/** A LIKE/ILIKE pattern matching `text` anywhere in a value, with `%`, `_` and `\` in it taken literally. */
export const containsPattern = (text: string): string => `%${text.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;

/**
 * A search term as it is meant: the spaces around it dropped and each run of spaces inside read as
 * one ("Demo  National" finds Demo National), as names are stored with single spaces.
 */
export const searchTermText = (text: string): string => text.trim().replace(/\s+/g, ' ');
