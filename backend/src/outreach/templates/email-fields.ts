import { z } from 'zod';
import { groupThousands } from '../../../../domain/format.ts';

/**
 * Subject and body as an email needs them, shared by templates and sent emails. A subject is one
 * line: a line break in it would let text escape into the mail headers when it is sent.
 */
export function emailSubjectSchema(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .trim()
    .min(1, `${label} is required.`)
    .max(500, `${label} can be at most 500 characters.`)
    .refine((subject) => !/[\r\n]/.test(subject), `${label} must be a single line.`);
}

/** The longest body a template or an email may have (and so a template text filled in for a preview). */
export const emailBodyMaxLength = 100_000;

/** The body is kept as written (leading spaces and blank lines matter in an email), but must not be blank. */
export function emailBodySchema(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .max(emailBodyMaxLength, `${label} can be at most ${groupThousands(emailBodyMaxLength)} characters.`)
    .refine((body) => body.trim() !== '', `${label} is required.`);
}
