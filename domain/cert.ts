import { z } from 'zod';

/** The largest certificate number: certificates are stored as 32-bit integers (FDIC's are far below). */
export const largestCert = 2_147_483_647;

/** What a cert rule refuses with: text other than digits, a fraction, none chosen (null, empty text, 0 or below), beyond `largestCert`. */
type CertMessages = { notNumber: string; notWhole: string; missing: string; tooLarge: string };

/**
 * A bank's FDIC certificate number: a number, or its digits as text (no sign, decimals, exponent, hex
 * or spaces), from 1 to `largestCert`. Every place that takes a cert checks it by this one rule.
 */
export function certNumberSchema(messages: CertMessages) {
  const digits = z.string().regex(/^\d+$/).transform(Number);
  return z
    .union([z.number(), digits], { error: (issue) => (issue.input === null || issue.input === '' ? messages.missing : messages.notNumber) })
    .pipe(z.number().int(messages.notWhole).min(1, messages.missing).max(largestCert, messages.tooLarge));
}

/**
 * A bank's certificate number where a filter, an address or a request names a bank, refusing with the
 * same words, naming the parameter. An address may carry spaces around it.
 */
export function certParamSchema(name: string) {
  const message = `${name} must be a whole number from 1 to ${largestCert} (the bank's FDIC certificate number).`;
  return z.preprocess((value) => (typeof value === 'string' ? value.trim() : value), certNumberSchema({ notNumber: message, notWhole: message, missing: message, tooLarge: message }));
}
