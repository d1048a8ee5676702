import { z } from 'zod';

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

export const bankListQuerySchema = z.object({
  page: z.coerce.number({ error: 'page must be a whole number from 1.' }).int('page must be a whole number from 1.').min(1, 'page must be a whole number from 1.').default(1),
  limit: z.coerce
    .number({ error: 'limit must be a whole number from 1 to 100.' })
    .int('limit must be a whole number from 1 to 100.')
    .min(1, 'limit must be a whole number from 1 to 100.')
    .max(100, 'limit must be a whole number from 1 to 100.')
    .default(25),
});

export const bankListAnswerSchema = z
  .object({
    data: z.array(publicBankSchema),
    meta: z.object({ page: z.number().int(), limit: z.number().int(), total: z.number().int().describe('Target banks in all.') }),
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
      .describe('For a 400: each query parameter that is wrong, and why.'),
  })
  .meta({ id: 'Problem', description: 'An error, as RFC 7807 problem details (application/problem+json) with a readable message.' });

export const certPathSchema = z.coerce.number({ error: 'cert must be a certificate number.' }).int('cert must be a certificate number.').min(1, 'cert must be a certificate number.').max(2_147_483_647);
