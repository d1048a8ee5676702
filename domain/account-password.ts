import { z } from 'zod';

/** A password an account may be given, at sign-up or when changing it: the server and the screens judge it alike. */
export const accountPassword = z
  .string({ error: 'Password is required.' })
  .min(8, 'Password must be at least 8 characters.')
  .max(200, 'Password must be at most 200 characters.')
  .refine((password) => /\S/.test(password), 'Password cannot be only spaces.');
