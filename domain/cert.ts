import { z } from 'zod';

/** The largest certificate number: certificates are stored as 32-bit integers (FDIC's are far below). */
export const largestCert = 2_147_483_647;

/**
 * A bank's FDIC certificate number where a filter, an address or a request names a bank: a number,
 * or its digits as text (no sign, decimals, exponent or hex). Every such place checks it by this one
 * rule, refusing with the same words, naming the parameter.
 */
export function certParamSchema(name: string) {
  const message = `${name} must be a whole number from 1 to ${largestCert} (the bank's FDIC certificate number).`;
  return z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(1, message).max(largestCert, message));
}
