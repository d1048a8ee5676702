/** A run of plain text, or a web address written in it. */
export type TextPiece = { text: string; href?: string };

/** http(s) addresses only: a task's text is typed by people and written by automation, and nothing else in it may become a link. */
const webAddress = /https?:\/\/[^\s<>"]+/gi;
/** Punctuation closing a sentence after an address is the sentence's, not the address's. */
const trailingPunctuation = /[.,;:!?)\]}'"]+$/;

/** Splits text into plain runs and the http(s) addresses in it, so the screen can make those links. */
export function textWithLinks(text: string): TextPiece[] {
  const pieces: TextPiece[] = [];
  let last = 0;
  for (const match of text.matchAll(webAddress)) {
    const address = match[0].replace(trailingPunctuation, '');
    const start = match.index;
    if (start > last) pieces.push({ text: text.slice(last, start) });
    pieces.push({ text: address, href: address });
    last = start + address.length;
  }
  if (last < text.length) pieces.push({ text: text.slice(last) });
  return pieces;
}
