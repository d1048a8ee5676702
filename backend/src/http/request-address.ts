import type { Middleware } from 'koa';
import { HttpError } from './errors.ts';
import { unstorableTextReason } from './storable-text.ts';

/**
 * Refuses, with a 400, an address no route could use: a path whose percent-encoding does not decode
 * (for example `/%E0%A4%A`), or a path or query value with a character the database cannot store.
 * Checked once here so no route, page or static file has to.
 */
export const requestAddressCheck: Middleware = async (ctx, next) => {
  let path: string;
  try {
    path = decodeURIComponent(ctx.path);
  } catch {
    throw new HttpError(400, 'This address is not valid: it has a broken percent-encoding (%).');
  }
  const pathProblem = unstorableTextReason(path);
  if (pathProblem) throw new HttpError(400, `This address ${pathProblem}.`);
  for (const [name, value] of Object.entries(ctx.query)) {
    const nameProblem = unstorableTextReason(name);
    if (nameProblem) throw new HttpError(400, `A query parameter name ${nameProblem}.`);
    for (const text of Array.isArray(value) ? value : [value ?? '']) {
      const problem = unstorableTextReason(text);
      if (problem) throw new HttpError(400, `The query parameter "${name}" ${problem}.`);
    }
  }
  await next();
};
