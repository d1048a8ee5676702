import { z } from 'zod';
import { certParamSchema, largestCert } from '../../../domain/cert.ts';
import { isOnCalendarDay } from '../../../domain/format.ts';

/** The bank of the public API: money in full dollars, ratios in percent. */
export const publicBankSchema = z
  .object({
    id: z.number().int().describe('The FDIC certificate number (same as cert).'),
    cert: z.number().int().describe('The FDIC certificate number.'),
    name: z.string(),
    city: z.string().nullable(),
    state: z.string().nullable().describe('Two-letter state code.'),
    zip: z.string().nullable(),
    address: z.string().nullable(),
    website: z.string().nullable(),
    assets: z.number().nullable().describe('Total assets in dollars.'),
    deposits: z.number().nullable().describe('Total deposits in dollars.'),
    officeCount: z.number().int().nullable(),
    regulator: z.string().nullable().describe('Primary federal regulator: FDIC, FRS or OCC.'),
    roa: z.number().nullable().describe('Return on assets, percent.'),
    nplRatio: z.number().nullable().describe('Noncurrent loans to loans, percent.'),
    netInterestMargin: z.number().nullable().describe('Net interest margin, percent.'),
  })
  .meta({ id: 'Bank' });

/**
 * A place in the list (newest target first, then by cert): the bank a page ended with. Kept as the
 * values it sorts by, not as a position, so banks targeted or removed meanwhile move no page. Its
 * cert is in the certificates' range: the database cannot compare a larger number with theirs.
 */
const listPlaceSchema = z.tuple([z.iso.datetime({ precision: 6 }).refine(isOnCalendarDay), z.number().int().min(1).max(largestCert)]);
export type ListPlace = z.infer<typeof listPlaceSchema>;

export const encodeListPlace = (place: ListPlace) => Buffer.from(JSON.stringify(place)).toString('base64url');

const AFTER_MESSAGE = 'after must be the meta.next of an earlier page, as it was sent.';

const listPlace = z.string().transform((text, context): ListPlace => {
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
  } catch {
    decoded = undefined;
  }
  const place = listPlaceSchema.safeParse(decoded);
  if (place.success) return place.data;
  context.addIssue({ code: 'custom', message: AFTER_MESSAGE });
  return z.NEVER;
});

/**
 * A whole-number query parameter: its digits only, as written in decimal. A query parameter is text,
 * and JavaScript's own reading of it takes `0x10` as 16, `1e1` as 10, `5.0` as 5 and ` 7` as 7: a
 * client sending those has a bug that such a reading hides. Digits become a number before the number's
 * rule, and any other text fails it: so the OpenAPI document, generated from the number's rule, calls
 * the parameter an integer.
 */
const wholeNumberParam = (message: string, range: { min: number; max?: number }) => {
  const number = z.number({ error: message }).int(message).min(range.min, message);
  return z.preprocess((value) => (typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value), range.max === undefined ? number : number.max(range.max, message));
};

const PAGE_MESSAGE = 'page must be a whole number from 1, written in plain digits (like 2).';
const LIMIT_MESSAGE = 'limit must be a whole number from 1 to 100, written in plain digits (like 25).';

export const bankListQuerySchema = z
  .object({
    page: wholeNumberParam(PAGE_MESSAGE, { min: 1 }).optional(),
    limit: wholeNumberParam(LIMIT_MESSAGE, { min: 1, max: 100 }).default(25),
    after: z.string({ error: AFTER_MESSAGE }).pipe(listPlace).optional(),
  })
  .refine((query) => query.page === undefined || query.after === undefined, { path: ['after'], message: 'send page or after, not both: after already says where the page starts.' });

export const bankListAnswerSchema = z
  .object({
    data: z.array(publicBankSchema),
    meta: z.object({
      page: z.number().int().nullable().describe('The page asked for; null for a page asked for with after.'),
      limit: z.number().int(),
      total: z.number().int().describe('Target banks in all.'),
      next: z
        .string()
        .nullable()
        .describe('Send it as after for the banks that follow this page, unmoved by banks targeted or removed meanwhile; null on the last page.'),
    }),
  })
  .meta({ id: 'BankList' });

export const bankAnswerSchema = z.object({ data: publicBankSchema }).meta({ id: 'BankAnswer' });

/** The error body every route answers (`errorMiddleware`); loose, so a field added later breaks no client. */
export const problemSchema = z
  .looseObject({
    type: z.string(),
    title: z.string(),
    status: z.number().int(),
    detail: z.string(),
    message: z.string().describe('The same readable message as detail.'),
    msg: z.string().describe('The same readable message as detail.'),
    requestId: z.string().optional().describe('Quote it when reporting an error.'),
    issues: z
      .array(z.object({ path: z.string(), message: z.string() }))
      .optional()
      .describe('For a 400: each query or path parameter that is wrong, and why.'),
  })
  .meta({ id: 'Problem', description: 'An error, as RFC 7807 problem details (application/problem+json) with a readable message.' });

/** The path of one bank: its cert. */
export const bankPathSchema = z.object({ cert: certParamSchema('cert') });
