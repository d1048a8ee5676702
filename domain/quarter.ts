import { z } from 'zod';

/**
 * A quarter is named by its report date, the quarter's last day written YYYYMMDD: '20250331',
 * '20250630', '20250930' or '20251231'. Every place that takes a quarter from outside (a query
 * parameter, a request body, a model's function call, an address in the browser) checks it by this
 * one rule, so they all accept and refuse the same quarters.
 */
const reportDate = /^\d{4}(?:0331|0630|0930|1231)$/;

/** Whether a value names a quarter by its report date. */
export function isQuarter(value: unknown): value is string {
  return typeof value === 'string' && reportDate.test(value);
}

/** A quarter from outside, as its report date. */
export const quarterSchema = z.string().regex(reportDate, 'quarter must be a quarter-end report date YYYYMMDD, e.g. 20250930');
