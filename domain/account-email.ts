import { z } from 'zod';
import { emailAddress } from './email-address.ts';

/**
 * The email an account signs in with, at sign-up, sign-in or when changing it, trimmed and
 * lower-cased: the server and the screens judge it alike. Bounded: the session token carries it, so
 * one of thousands of characters made a token too large for a request header, and every call of that
 * account was refused (431).
 */
export const accountEmail = z.string({ error: 'Email is required.' }).trim().toLowerCase().pipe(emailAddress('Enter a valid email address.'));
