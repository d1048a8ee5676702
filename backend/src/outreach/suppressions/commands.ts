import { z } from 'zod';
import { emailAddress } from '../../../../domain/email-address.ts';
import type { DoNotContactReason } from '../../../../domain/records/do-not-contact.ts';

/** POST /api/data/suppressions */
export const addSuppressionBody = z
  .object({
    email: z
      .string({ error: 'Email is required.' })
      .trim()
      .min(1, 'Email is required.')
      .pipe(emailAddress('Email must be an email address like name@bank.com.')),
    detail: z.string().trim().max(500, 'The note can be at most 500 characters.').optional(),
  })
  .strict();

export type SuppressionCommand =
  | { type: 'SuppressAddress'; userId: string; email: string; reason: DoNotContactReason; contactId: string | null; detail: string; at: string }
  | { type: 'UnsuppressAddress'; userId: string; email: string };
