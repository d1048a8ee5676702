import { z } from 'zod';

/**
 * An email address, at most 320 characters (the longest a mail server takes): a longer one reached a
 * table's index (a Do Not Contact entry, a sign-in attempt) and failed there with 500.
 */
export const emailAddress = (error: string) => z.email({ error }).max(320, 'An email address can be at most 320 characters.');
