/**
 * Words that come before a given name (Dr. José García) or after a family name (John Smith Jr.), in
 * any case, with or without a dot. Not "Hon": it is also a given name (Hon Wong).
 */
const honorifics = new Set(['dr', 'mr', 'mrs', 'ms', 'miss', 'mx', 'prof', 'rev', 'sir', 'dame']);
const nameSuffixes = new Set(['jr', 'sr', 'ii', 'iii', 'iv', 'phd', 'md', 'cpa', 'cfa', 'esq', 'mba']);
const bareWord = (word: string) => word.toLowerCase().replace(/[.,]/g, '');
const wordsOf = (text: string) => text.split(/\s+/).filter(Boolean);

/** The words of a name without a title before it or a suffix after it, and without commas at their ends. */
function nameWords(words: string[]): string[] {
  let first = 0;
  let end = words.length;
  while (first < end - 1 && honorifics.has(bareWord(words[first]))) first += 1;
  while (end - 1 > first && nameSuffixes.has(bareWord(words[end - 1]))) end -= 1;
  return words.slice(first, end).map((word) => word.replace(/,+$/, '')).filter(Boolean);
}

/**
 * The first and last name in a full name. "Dr. José María García" is José García, "John Smith, Jr."
 * John Smith; a name written last name first, "Smith, John", is John Smith too, the last name being
 * everything before the comma. A single word is a first name alone.
 */
export function splitPersonName(fullName: string): { firstName: string | null; lastName: string | null } {
  const comma = fullName.indexOf(',');
  const afterComma = comma < 0 ? [] : wordsOf(fullName.slice(comma + 1).replace(/,/g, ' '));
  const isLastNameFirst = afterComma.some((word) => !nameSuffixes.has(bareWord(word)) && !honorifics.has(bareWord(word)));
  if (isLastNameFirst) {
    const lastName = nameWords(wordsOf(fullName.slice(0, comma))).join(' ');
    return { firstName: nameWords(afterComma)[0] ?? null, lastName: lastName || null };
  }
  const words = nameWords(wordsOf(fullName));
  return { firstName: words[0] ?? null, lastName: words.length > 1 ? words.at(-1)! : null };
}
