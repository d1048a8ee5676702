/**
 * An `sx` that shows at most `lines` lines of a text and ends it with an ellipsis: a task of 2,000
 * characters, or a template's 200-character name, filled the screen or made its card, and the row of
 * cards beside it, many lines tall. Where it is used, the whole text is on hover (a `title`) and on
 * the record's own page.
 */
export const clampLines = (lines: number) =>
  ({
    display: '-webkit-box',
    WebkitLineClamp: lines,
    WebkitBoxOrient: 'vertical',
    overflow: 'hidden',
    // a long link breaks to fit: unbroken, it pushed the other columns out of sight
    overflowWrap: 'anywhere',
  }) as const;
