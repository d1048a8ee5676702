import { z } from 'zod';

/** Blank strings mean "not set": trimmed text, or null when nothing is left. */
export const blankToNull = (value: unknown): unknown => {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * A web address that may be left empty (null clears it). People type `linkedin.com/in/jane`, so a
 * missing scheme becomes https://; what is stored is always a full http(s) URL with a dotted host.
 */
export function optionalWebUrl(message: string, accept: (url: URL) => boolean = () => true) {
  return z.preprocess(
    (value) => {
      const text = blankToNull(value);
      if (typeof text !== 'string') return text;
      return /^[a-z][a-z0-9+.-]*:/i.test(text) ? text : `https://${text}`;
    },
    z
      .string({ error: message })
      .max(2000, 'A web address can be at most 2,000 characters.')
      .refine((text) => isWebUrl(text) && accept(new URL(text)), { message })
      .nullable()
      .optional(),
  );
}

function isWebUrl(text: string): boolean {
  try {
    const url = new URL(text);
    return (url.protocol === 'https:' || url.protocol === 'http:') && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname);
  } catch {
    return false;
  }
}
