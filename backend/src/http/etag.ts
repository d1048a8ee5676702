import type { Context } from 'koa';
import { HttpError } from './errors.ts';

/** Weak ETag carrying the stream version a read row reflects. */
export function setVersionEtag(ctx: Context, version: number): void {
  ctx.set('ETag', `W/"${version}"`);
}

/** The expected version from `If-Match`, if sent. `*` means any version. */
export function expectedVersionFromIfMatch(ctx: Context): number | undefined {
  const header = ctx.get('if-match').trim();
  if (!header || header === '*') return undefined;
  const match = /^(?:W\/)?"(\d+)"$/.exec(header);
  if (!match) throw new HttpError(400, 'If-Match must be an ETag this API sent, like W/"3".');
  return Number(match[1]);
}
