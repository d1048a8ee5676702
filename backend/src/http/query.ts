import type { ParsedUrlQuery } from 'node:querystring';

/**
 * The query's parameters without those sent empty (`?asOf=`, `?page=`): an empty value reads as one
 * not sent, as an empty list filter does, so a client that fills a template with nothing is not refused.
 */
export function sentQueryParams(query: ParsedUrlQuery): ParsedUrlQuery {
  return Object.fromEntries(Object.entries(query).filter(([, value]) => value !== ''));
}
