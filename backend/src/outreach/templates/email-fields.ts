import { z } from 'zod';

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

/** The body is kept as written (leading spaces and blank lines matter in an email), but must not be blank. */
export function emailBodySchema(label: string) {
  return z
    .string({ error: `${label} is required.` })
    .max(100_000, `${label} can be at most 100,000 characters.`)
    .refine((body) => body.trim() !== '', `${label} is required.`);
}
