import type { ParsedUrlQuery } from 'node:querystring';
import { z } from 'zod';

/** The refusal of query parameters an endpoint does not take, naming them and the ones it does. */
export function unknownParametersMessage(unknown: string[], accepted: string[]): string {
  const named = unknown.map((key) => `'${key}'`).join(', ');
  const refused = unknown.length === 1 ? `Unknown parameter ${named}.` : `Unknown parameters ${named}.`;
  return accepted.length ? `${refused} Use ${accepted.join(', ')}.` : `${refused} This address takes no parameters.`;
}

/**
 * The query parameters of an endpoint: any other is refused (400) with `unknownParametersMessage`,
 * so a misspelt one (`asof` for `asOf`) is never answered as if it had not been given.
 */
export function queryParams<Shape extends z.core.$ZodLooseShape>(shape: Shape) {
  const accepted = Object.keys(shape);
  return z.strictObject(shape, {
    error: (issue) => (issue.code === 'unrecognized_keys' ? unknownParametersMessage(issue.keys, accepted) : undefined),
  });
}

/** The query of an endpoint that takes no parameters. */
export const noQueryParams = queryParams({});

/**
 * The query's parameters without those sent empty (`?asOf=`, `?page=`): an empty value reads as one
 * not sent, as an empty list filter does, so a client that fills a template with nothing is not refused.
 */
export function sentQueryParams(query: ParsedUrlQuery): ParsedUrlQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
