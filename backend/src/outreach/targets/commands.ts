import { z } from 'zod';
import { groupThousands } from '../../../../domain/format.ts';
import { isLinkedinCompanyPage, notLinkedinCompanyPageMessage, parseLinkedinUrl } from '../../../../domain/enrichment/web-address.ts';
import { cleanTags } from '../ownership.ts';
import { certSchema, recordUpdateSchema, tagsSchema } from '../schemas.ts';
import type { RatioAlert } from '../../../../domain/ratio-alerts.ts';
import type { BankDetails, Financials } from './events.ts';
import { blankToNull, optionalWebUrl } from './fields.ts';

/** Tracking needs the institution's name; 'Unknown Bank' means it could not be fetched. */
export const missingNameMessage = 'Failed to fetch essential institutional details, which includes the bank name.';
export const notTrackedMessage = 'Cannot untarget a bank that is not tracked locally.';
export const invalidLinkedinMessage = 'The provided LinkedIn URL is not valid.';

const bankName = z
  .string({ error: missingNameMessage })
  .trim()
  .min(1, missingNameMessage)
  .max(300, 'A bank name can be at most 300 characters.')
  .refine((name) => name.toLowerCase() !== 'unknown bank', { message: missingNameMessage });

/** A text detail (city, zip, ...): numbers are accepted as text (ZIP codes), blanks become null. */
const detailText = z.preprocess(
  (value) => blankToNull(typeof value === 'number' ? String(value) : value),
  z.string({ error: 'Must be text.' }).max(500, 'At most 500 characters.').nullable().optional(),
);

/**
 * A bank's web address: a plain address (www.bank.com) or an http(s) URL. Anything else, such as
 * `javascript:` or `data:`, is refused, because the address becomes a link on the screens.
 */
const websiteText = detailText.refine((value) => value == null || isWebAddress(value), {
  message: 'Website must be a web address like www.bank.com or https://www.bank.com.',
});

function isWebAddress(value: string): boolean {
  const schemeMatch = /^([a-z][a-z0-9+.-]*):(?!\d)/i.exec(value);
  if (schemeMatch && !/^https?$/i.test(schemeMatch[1])) return false;
  try {
    const url = new URL(schemeMatch ? value : `https://${value}`);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname.includes('.');
  } catch {
    return false;
  }
}

const optionalDetails = {
  city: detailText,
  state: detailText,
  zip: detailText,
  address: detailText,
  website: websiteText,
};

/** Figures of the normalised bank: money in dollars, ratios in percent. */
export const snapshotNumberFields = [
  'assets', 'deposits', 'officeCount', 'roa', 'roe', 'nplRatio', 'netChargeOffs', 'netChargeOffsToLoansRatio',
  'tier1CapitalRatio', 'tier1Capital', 'efficiencyRatio', 'netIncome', 'netInterestMargin', 'totalEquity', 'earningAssets',
  'totalLoansAndLeases', 'nonaccrualLoansAndLeases', 'thirtyNinetyPD', 'ninetyPlusPD', 'allowanceForLoanLosses', 'chargeOffs',
  'recoveries', 'allowanceToLoansRatio', 'oreo', 'ccNinetyPlusDelinq', 'autoNinetyPlusDelinq', 'interestIncome', 'interestExpense',
  'netInterestIncome', 'nonInterestIncome', 'nonInterestExpense', 'incomeBeforeTax', 'provisionForLoanLosses', 'tier1LeverageRatio',
  'totalRiskBasedCapitalRatio', 'commonEquityTier1Ratio', 'totalRiskBasedCapital', 'totalRiskWeightedAssets', 'equityToAssetsRatio',
  'coreDeposits', 'brokeredDeposits', 'netLoansToDepositsRatio',
  'loans_and_leases_gross', 'loans_re_gross', 'loans_re_1_4_family_gross', 'loans_re_commercial_gross', 'loans_ci_gross',
  'loans_consumer_gross', 'loans_consumer_credit_card_gross', 'loans_consumer_auto_gross', 'loans_ag_gross', 'loans_other_gross',
  'leases_gross',
] as const;

/** Descriptive fields kept with the figures (the metro area is spelt three ways by different screens). */
export const snapshotTextFields = ['regulator', 'primaryRegulator', 'charterClass', 'minorityStatusCode', 'cbsaName', 'cbsa_name', 'CBSANAME', 'repdte'] as const;

/**
 * No bank's figure comes near a thousand trillion (dollars, or percent): beyond it a figure is a typing
 * or sending mistake. Below zero is kept: the regulator's own files hold negative balances after
 * corrections, and a bank must stay trackable whatever its last report says.
 */
const largestFigure = 1e15;

function snapshotNumber(field: string) {
  return z
    .number({ error: `${field} must be a number or null.` })
    .min(-largestFigure, `${field} must be at least -${groupThousands(largestFigure)}.`)
    .max(largestFigure, `${field} must be at most ${groupThousands(largestFigure)}.`)
    .nullable()
    .optional();
}

const snapshotShape: Record<string, z.ZodType> = Object.fromEntries([
  ...snapshotNumberFields.map((field) => [field, snapshotNumber(field)]),
  ...snapshotTextFields.map((field) => [field, z.string({ error: `${field} must be text or null.` }).max(500).nullable().optional()]),
]);

const notes = z.string({ error: 'Notes must be text.' }).max(20_000, 'Notes can be at most 20,000 characters.');
const tags = tagsSchema.transform(cleanTags);
/**
 * A company page on linkedin.com (or a subdomain); any other site is refused, and so is another
 * LinkedIn page (a person's profile), which would be saved as the bank's page.
 */
const linkedinCompanyUrl = optionalWebUrl(invalidLinkedinMessage, (url) => parseLinkedinUrl(url.href) !== null).refine(
  // only a LinkedIn address is judged here: any other was refused above
  (url) => {
    const page = typeof url === 'string' ? parseLinkedinUrl(url) : null;
    return page === null || isLinkedinCompanyPage(page);
  },
  { message: notLinkedinCompanyPageMessage },
);
const isTarget = z.boolean({ error: 'isTarget must be true or false.' });

/**
 * Fields the server computes (stamps, the counts of the bank's contacts and tasks, its closure read
 * from the regulator data): sent back by a whole-record PUT, never changed by it.
 */
const serverFields = ['id', 'version', 'createdAt', 'updatedAt', 'targetedAt', 'matchScore', 'rawData', 'contactCount', 'hotContactCount', 'openTaskCount', 'ratioAlert', 'closure'];

/**
 * POST /api/data/banks: the whole normalised bank record.
 * Tracking always makes it a target, so a sent isTarget is ignored; notes and tags, when sent, are set.
 */
export const trackBankBody = recordUpdateSchema(
  z
    .object({ cert: certSchema, name: bankName, ...optionalDetails, ...snapshotShape, notes: notes.optional(), tags: tags.optional(), linkedinCompanyUrl })
    .strict(),
  [...serverFields, 'isTarget'],
);

/** PUT /api/data/banks/:cert: the whole record; what changed becomes events. */
export const editBankBody = recordUpdateSchema(
  z
    .object({
      name: bankName.optional(),
      ...optionalDetails,
      ...snapshotShape,
      notes: notes.optional(),
      tags: tags.optional(),
      isTarget: isTarget.optional(),
      linkedinCompanyUrl,
    })
    .strict(),
  [...serverFields, 'cert'],
);

/** PUT /api/data/banks/:cert/financials: details and figures of a fresh lookup; the user's own fields are left alone. */
export const refreshSnapshotBody = recordUpdateSchema(z.object({ name: bankName.optional(), ...optionalDetails, ...snapshotShape }).strict(), [
  ...serverFields,
  'cert',
  'isTarget',
  'notes',
  'tags',
  'linkedinCompanyUrl',
]);

/** PUT /api/data/banks/:cert/notes: saving notes marks the bank as a target unless told otherwise. */
export const notesBody = z.object({ notes, isTarget: isTarget.default(true) }).strict();
export const tagsBody = z.object({ tags }).strict();
export const targetBody = z.object({ isTarget }).strict();
export const linkedinCompanyUrlBody = z
  .object({ linkedinCompanyUrl })
  .strict()
  .refine((body) => body.linkedinCompanyUrl !== undefined, {
    message: 'linkedinCompanyUrl is required; send an empty one to clear it.',
    path: ['linkedinCompanyUrl'],
  });

const detailKeys = ['name', 'city', 'state', 'zip', 'address', 'website'] as const;
const snapshotKeys: readonly string[] = [...snapshotNumberFields, ...snapshotTextFields];

/** The tracking body's details and figures, each value the body's rules refuse left out instead of refusing the whole. */
const lenientSnapshotBody = z.object(
  Object.fromEntries(
    Object.entries({ name: bankName.optional(), ...optionalDetails, ...snapshotShape }).map(([field, schema]) => [field, schema.catch(undefined)]),
  ),
);

/**
 * A bank's details and newest figures as the regulator mirror has them (a normalised bank), in the
 * fields a tracked bank keeps. A value our own rules would refuse, such as a website that is no web
 * address, is left out.
 */
export function mirroredSnapshot(bank: Record<string, unknown>): { details: Partial<BankDetails>; financials: Financials } {
  const fields = Object.fromEntries([...detailKeys, ...snapshotKeys].filter((key) => bank[key] !== undefined).map((key) => [key, bank[key]]));
  return splitSnapshot(lenientSnapshotBody.parse(fields));
}

/** Splits a parsed body into bank details and financial figures, keeping only the keys it sent. */
export function splitSnapshot(body: Record<string, unknown>): { details: Partial<BankDetails>; financials: Financials } {
  const details: Record<string, unknown> = {};
  const financials: Financials = {};
  for (const key of detailKeys) if (body[key] !== undefined) details[key] = body[key];
  for (const key of snapshotKeys) if (body[key] !== undefined) financials[key] = body[key] as Financials[string];
  return { details: details as Partial<BankDetails>, financials };
}

export type TargetCommand =
  | {
      type: 'TrackBank';
      userId: string;
      cert: number;
      /** What the lookup found; a detail left out is kept as it is (or null on first tracking). */
      details: Partial<BankDetails> & { name: string };
      financials: Financials;
      notes?: string;
      tags?: string[];
      linkedinCompanyUrl?: string | null;
      at: string;
    }
  | {
      type: 'EditTrackedBank';
      userId: string;
      changes: {
        details: Partial<BankDetails>;
        financials: Financials;
        notes?: string;
        tags?: string[];
        isTarget?: boolean;
        linkedinCompanyUrl?: string | null;
      };
      at: string;
    }
  | { type: 'RefreshBankSnapshot'; userId: string; details: Partial<BankDetails>; financials: Financials }
  | { type: 'UpdateBankNotes'; userId: string; notes: string; isTarget: boolean; at: string }
  | { type: 'UpdateBankTags'; userId: string; tags: string[] }
  | { type: 'SetBankTarget'; userId: string; isTarget: boolean; at: string }
  | { type: 'SetLinkedinCompanyUrl'; userId: string; linkedinCompanyUrl: string | null }
  | { type: 'UntrackBank'; userId: string }
  /** Raised by the system after a sync or import brings a newer quarter; nothing for a bank that is no longer a target. */
  | { type: 'RaiseRatioAlert'; alert: RatioAlert }
  | { type: 'DismissRatioAlert'; userId: string };
