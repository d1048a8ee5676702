/**
 * An `sx` that shows at most `lines` lines of a text and ends it with an ellipsis: a task of 2,000
 * characters in a list or on a bank's card filled the screen and pushed the rest out of sight. Where
 * it is used, the whole text is on hover (a `title`) and on the record's own page.
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
