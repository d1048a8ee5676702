import { z } from 'zod';
import { isCalendarDate } from '../../../domain/format.ts';
import { certNumberSchema } from '../../../domain/cert.ts';

/** An FDIC certificate number, as a bank is identified throughout the app. */
export const certSchema = certNumberSchema({
  notNumber: 'Bank (cert) must be a number.',
  notWhole: 'Bank (cert) must be a whole number.',
  missing: 'Choose a bank.',
  tooLarge: 'Bank (cert) is not a certificate number: it is too large.',
});

/**
 * A calendar date as YYYY-MM-DD (what a date input sends). ISO date-times are cut to their date. A
 * blank one is a date left out (what a cleared date input sends), not a malformed one.
 */
export const calendarDateSchema = z
  .string({ error: 'Due date is required.' })
  .trim()
  .min(1, { message: 'Due date is required.', abort: true })
  .transform((value) => value.slice(0, 10))
  // A day the calendar lacks (2026-02-30) is refused here: the database would refuse it at the write.
  .refine(isCalendarDate, {
    message: 'Due date must be a date like 2026-12-31.',
  });

export const tagsSchema = z
  .array(z.string({ error: 'Each tag must be text.' }).max(100, 'A tag can be at most 100 characters.'), { error: 'Tags must be a list of words.' })
  .max(50, 'At most 50 tags.');

export const uuidParam = z.uuid({ error: 'Not a valid record id.' });

/**
 * A react-admin PUT sends the whole record back, read-only fields included: those are dropped
 * before the strict schema runs, so only genuinely unknown fields are refused.
 */
export function recordUpdateSchema<Schema extends z.ZodType>(strictSchema: Schema, readOnly: string[]) {
  return z.preprocess((body) => {
    if (!body || typeof body !== 'object' || Array.isArray(body)) return body;
    return Object.fromEntries(Object.entries(body).filter(([key]) => !readOnly.includes(key)));
  }, strictSchema);
}
