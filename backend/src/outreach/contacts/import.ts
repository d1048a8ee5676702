import type { Knex } from 'knex';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { groupThousands } from '../../../../domain/format.ts';
import { BadRequestError } from '../../http/errors.ts';
import { certSchema } from '../schemas.ts';
import { addContactBody, type ContactFields } from './commands.ts';

/**
 * The contact fields a CSV column can fill. A contact's name is its full-name column, else its first
 * and last names joined (CRMs export them apart); its bank comes from its cert, else from a tracked bank's name.
 */
export const importFields = ['name', 'firstName', 'lastName', 'title', 'email', 'linkedinUrl', 'bankId', 'bankName', 'tags', 'isHotLead'] as const;
export type ImportField = (typeof importFields)[number];
export type ColumnMapping = Partial<Record<ImportField, string>>;

/**
 * Header spellings recognised when suggesting a mapping (compared lower-case, without spaces, dashes,
 * dots or underscores), the likeliest first: a file with both "Title" and "Job Title" (Outlook's Title
 * is Mr. or Ms.) has the job in "Job Title".
 */
const headerNames: Record<ImportField, string[]> = {
  name: ['fullname', 'name', 'contactname', 'contact', 'person'],
  firstName: ['firstname', 'givenname', 'forename'],
  lastName: ['lastname', 'surname', 'familyname'],
  title: ['jobtitle', 'title', 'position', 'role'],
  email: ['email', 'emailaddress', 'workemail', 'businessemail', 'mail'],
  linkedinUrl: ['linkedinurl', 'linkedinprofileurl', 'linkedinprofile', 'linkedin', 'profile'],
  bankId: ['cert', 'bankid', 'fdiccert', 'certificate', 'certnumber'],
  bankName: ['bank', 'bankname', 'institution', 'company', 'companyname', 'accountname', 'account', 'organization', 'organisation', 'organizationname'],
  tags: ['tags', 'labels', 'tag'],
  isHotLead: ['hot', 'hotlead', 'ishotlead', 'hotcontact'],
};

/** A row of the file with the number a spreadsheet shows it under (the header is row 1). */
export type CsvRow = { row: number; cells: string[] };
export type TrackedBank = { cert: number; name: string };
export type ParsedCsv = { columns: string[]; rows: CsvRow[] };
/** A problem of one row; `row` is the row a spreadsheet opening the file shows it on (the header is row 1). */
export type RowError = { row: number; field: string; message: string };
export type ImportedContact = ContactFields & { isHotLead: boolean };
export type ImportPlan = { total: number; contacts: ImportedContact[]; duplicates: number; errors: RowError[] };

/** How a Hot lead cell reads: a mark or a yes, an empty cell or a no (any case). */
const hotLeadWords = new Map<string, boolean>([
  ...['yes', 'y', 'true', '1', 'x', 'hot'].map((word) => [word, true] as const),
  ...['no', 'n', 'false', '0', ''].map((word) => [word, false] as const),
]);

const maxRows = 50_000;

const delimiters = [',', ';', '\t'] as const;

/**
 * The file's delimiter, read from its header line: the one of comma, semicolon and tab found most
 * often outside quotes (a comma on a tie). Spreadsheets in many locales save semicolons, and a table
 * pasted from one is tab-separated.
 */
export function detectDelimiter(csv: string): (typeof delimiters)[number] {
  const counts = new Map<string, number>(delimiters.map((delimiter) => [delimiter, 0]));
  let quoted = false;
  for (const char of csv) {
    if (char === '"') quoted = !quoted;
    else if (!quoted && (char === '\n' || char === '\r')) break;
    else if (!quoted && counts.has(char)) counts.set(char, counts.get(char)! + 1);
  }
  return delimiters.reduce((best, delimiter) => (counts.get(delimiter)! > counts.get(best)! ? delimiter : best));
}

/** What is wrong with a file the CSV reader refused, in words, at the line a text editor shows it on. */
function unreadableCsvReason(error: unknown): string {
  const { code, lines } = error as { code?: string; lines?: number };
  if (code === 'CSV_QUOTE_NOT_CLOSED') return 'a quoted value is never closed (the file ends inside it).';
  if (code === 'CSV_INVALID_CLOSING_QUOTE' || code === 'CSV_NON_TRIMABLE_CHAR_AFTER_CLOSING_QUOTE') return `line ${lines} has text right after a closing quote; put the whole value in quotes, with any quote inside it doubled ("").`;
  return lines ? `line ${lines} cannot be read.` : 'it cannot be read.';
}

/**
 * Excel reads a first line `sep=;` as the file's delimiter and does not show it, so a file saved for
 * Excel in another locale may start with one; the header is the line after it.
 */
const excelSeparatorLine = /^\uFEFF?sep=([,;\t])\r?\n/i;

export function parseContactsCsv(csv: string): ParsedCsv {
  const separatorLine = excelSeparatorLine.exec(csv);
  const text = separatorLine ? csv.slice(separatorLine[0].length) : csv;
  let records: string[][];
  try {
    // relax_quotes: a quote inside an unquoted value (Robert "Bob" Smith) is part of the value, as spreadsheets read it.
    // Blank lines are kept so that each record's place is the row a spreadsheet shows it on.
    records = parse(text, { bom: true, delimiter: separatorLine?.[1] ?? detectDelimiter(text), relax_column_count: true, relax_quotes: true, trim: true });
  } catch (error) {
    const message = `The file is not a readable CSV: ${unreadableCsvReason(error)}`;
    throw new BadRequestError(message, { issues: [{ path: 'csv', message }] });
  }
  const [header = [], ...body] = records;
  // A row of empty cells (a blank line, or the ",,," a spreadsheet writes for a formatted empty row) is no contact.
  const rows = body.map((cells, index) => ({ row: index + 2, cells })).filter(({ cells }) => cells.some((cell) => cell !== ''));
  if (rows.length === 0) throw new BadRequestError('The file has no rows.', { issues: [{ path: 'csv', message: 'The file has no rows.' }] });
  if (rows.length > maxRows) {
    const message = `This file has ${groupThousands(rows.length)} rows and a file can have at most ${groupThousands(maxRows)}: split it into files of up to ${groupThousands(maxRows)} rows and import each.`;
    throw new BadRequestError(message, { issues: [{ path: 'csv', message }] });
  }
  return { columns: distinctColumnNames(header), rows };
}

/** The header's names, each one a column can be chosen by: a blank one is "Column 3", a repeated one "Email (2)". */
function distinctColumnNames(header: string[]): string[] {
  const taken = new Set<string>();
  return header.map((cell, index) => {
    const base = cell || `Column ${index + 1}`;
    let name = base;
    for (let copy = 2; taken.has(name); copy += 1) name = `${base} (${copy})`;
    taken.add(name);
    return name;
  });
}

const normalise = (header: string) => header.toLowerCase().replace(/[\s_\-.]/g, '');

export function suggestMapping(columns: string[]): ColumnMapping {
  const mapping: ColumnMapping = {};
  for (const field of importFields) {
    const spelling = headerNames[field].find((name) => columns.some((column) => normalise(column) === name));
    if (spelling) mapping[field] = columns.find((column) => normalise(column) === spelling);
  }
  return mapping;
}

/** The mapping sent back: known fields, each naming a column of the file; a name (full, or first and last), a title and a bank are required. */
export function mappingSchema(columns: string[]) {
  const column = z.string().refine((value) => columns.includes(value), { message: 'This column is not in the file.' }).optional();
  return z
    .object(Object.fromEntries(importFields.map((field) => [field, column])) as Record<ImportField, typeof column>, { error: 'Map the columns of the file to contact fields.' })
    .strict()
    .superRefine((mapping, ctx) => {
      if (!mapping.name && !mapping.firstName && !mapping.lastName) ctx.addIssue({ code: 'custom', path: ['name'], message: 'Map a column to Full name, or columns to First name and Last name.' });
      if (!mapping.title) ctx.addIssue({ code: 'custom', path: ['title'], message: 'Map a column to Job title.' });
      if (!mapping.bankId && !mapping.bankName) ctx.addIssue({ code: 'custom', path: ['bankId'], message: 'Map a column to the bank (cert or name).' });
    });
}

/** Reads a row's cell of a field (empty when the field is not mapped). */
function cellReader(csv: ParsedCsv, mapping: ColumnMapping): (row: CsvRow, field: ImportField) => string {
  const index = Object.fromEntries(Object.entries(mapping).map(([field, column]) => [field, csv.columns.indexOf(column!)])) as Partial<Record<ImportField, number>>;
  // Every field a row fills is one line: a quoted cell written over several lines reads as one, its lines joined by a space.
  return (row, field) => (index[field] === undefined ? '' : (row.cells[index[field]!] ?? '').replace(/\s*[\r\n]+\s*/g, ' ').trim());
}

/**
 * What a plan is checked against: the user's tracked banks (by name key and by cert), the names of
 * the file's certs found among FDIC's institutions, and the duplicate keys of the user's contacts.
 */
export type ImportContext = { banksByName: Map<string, TrackedBank[]>; bankNameByCert: Map<number, string>; insuredBankNames: ReadonlyMap<number, string>; existingKeys: Set<string> };

/** What makes two contacts the same person: the bank and the email, or the name when there is no email. */
export const duplicateKey = (bankId: number, email: string | null, name: string) => (email ? `${bankId}|${email.toLowerCase()}` : `${bankId}|name:${name.toLowerCase()}`);

/**
 * Checks every row as the contact form would and drops duplicates (of the user's contacts and of
 * earlier rows), keeping the order of the file. Pure: the caller looks up tracked banks, insured certs and existing keys.
 */
export function planImport(csv: ParsedCsv, mapping: ColumnMapping, known: ImportContext): ImportPlan {
  const cell = cellReader(csv, mapping);
  const seen = new Set(known.existingKeys);
  const contacts: ImportedContact[] = [];
  const errors: RowError[] = [];
  let duplicates = 0;
  csv.rows.forEach((row) => {
    // numbered as a spreadsheet shows the file, so the user finds the row where they look for it
    const rowNumber = row.row;
    const bankName = cell(row, 'bankName');
    const certText = cell(row, 'bankId');
    const named = !certText && bankName ? (known.banksByName.get(bankNameKey(bankName)) ?? []) : [];
    if (!certText && bankName && named.length !== 1) {
      const message =
        named.length === 0
          ? `"${bankName}" is not one of your tracked banks; add a cert column or track the bank first.`
          : `"${bankName}" is the name of ${named.length} of your tracked banks (certs ${named.map((bank) => bank.cert).join(', ')}); add a cert column to say which.`;
      errors.push({ row: rowNumber, field: 'bankName', message });
      return;
    }
    const parsed = addContactBody.safeParse({
      bankId: certText || named[0]?.cert || undefined,
      bankName: bankName || null,
      name: cell(row, 'name') || [cell(row, 'firstName'), cell(row, 'lastName')].filter(Boolean).join(' '),
      title: cell(row, 'title'),
      email: cell(row, 'email'),
      linkedinUrl: cell(row, 'linkedinUrl'),
      tags: cell(row, 'tags')
        .split(/[;,]/)
        .map((tag) => tag.trim())
        .filter(Boolean),
    });
    const isHotLead = hotLeadWords.get(cell(row, 'isHotLead').toLowerCase());
    if (!parsed.success || isHotLead === undefined) {
      for (const issue of parsed.success ? [] : parsed.error.issues) errors.push({ row: rowNumber, field: String(issue.path[0] ?? 'row'), message: issue.message });
      if (isHotLead === undefined) errors.push({ row: rowNumber, field: 'isHotLead', message: `Hot lead must be yes or no (or x, true, 1), not "${cell(row, 'isHotLead')}".` });
      return;
    }
    const { bankId, name, title, email, linkedinUrl, tags } = parsed.data;
    // A contact is of a bank FDIC insures, or of one the user tracks already.
    const filedUnder = known.bankNameByCert.get(bankId) ?? known.insuredBankNames.get(bankId);
    if (filedUnder === undefined) {
      errors.push({ row: rowNumber, field: 'bankId', message: `No FDIC-insured bank has certificate ${bankId}.` });
      return;
    }
    const key = duplicateKey(bankId, email ?? null, name);
    if (seen.has(key)) {
      duplicates += 1;
      return;
    }
    seen.add(key);
    // As a contact added by hand, it takes the name its bank is tracked by, else FDIC's, however the file spells it.
    contacts.push({ bankId, bankName: filedUnder, name, title, email: email ?? null, linkedinUrl: linkedinUrl ?? null, tags: tags ?? [], isHotLead });
  });
  return { total: csv.rows.length, contacts, duplicates, errors };
}

/**
 * A bank's name as a CRM and the regulator may both spell it: any case, "&" for "and", N.A. for
 * National Association, without punctuation, a leading "The" or a closing N.A. ("Alpha Bank" is
 * "The Alpha Bank, National Association").
 */
export function bankNameKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/&/g, ' and ')
    .replace(/\bnational association\b/g, 'na')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .replace(/\bn a\b/g, 'na')
    .trim()
    .replace(/^the /, '')
    .replace(/ na$/, '');
}

/** Tracked banks by the key of their name; FDIC lists many banks of one name, so a key may have several. */
export function banksByNameKey(banks: TrackedBank[]): Map<string, TrackedBank[]> {
  const byKey = new Map<string, TrackedBank[]>();
  for (const bank of banks) {
    const key = bankNameKey(bank.name);
    byKey.set(key, [...(byKey.get(key) ?? []), bank]);
  }
  return byKey;
}

/** Certs looked up among FDIC's institutions per query, well under the bound parameters a query may have. */
const certLookupBatch = 5_000;

/** The names of the FDIC institutions of the regulator mirror that the file's cert column names, by cert. */
async function insuredBankNamesOf(knex: Knex, csv: ParsedCsv, mapping: ColumnMapping): Promise<Map<number, string>> {
  const cell = cellReader(csv, mapping);
  const named = [...new Set(csv.rows.map((row) => certSchema.safeParse(cell(row, 'bankId'))).flatMap((cert) => (cert.success ? [cert.data] : [])))];
  const found = new Map<number, string>();
  for (let start = 0; start < named.length; start += certLookupBatch) {
    const banks: Array<{ cert: number; name: string }> = await knex('fdic_institutions').whereIn('cert', named.slice(start, start + certLookupBatch)).select('cert', 'name');
    for (const bank of banks) found.set(Number(bank.cert), bank.name);
  }
  return found;
}

/** What the file is checked against for the user (see ImportContext). */
export async function loadImportContext(knex: Knex, userId: string, csv: ParsedCsv, mapping: ColumnMapping): Promise<ImportContext> {
  const [banks, contacts, insuredBankNames] = await Promise.all([
    knex('targets').where({ user_id: userId }).select('cert', 'name') as Promise<Array<{ cert: number; name: string }>>,
    knex('contacts').where({ user_id: userId }).select('bank_id', 'email', 'name') as Promise<Array<{ bank_id: number; email: string | null; name: string }>>,
    insuredBankNamesOf(knex, csv, mapping),
  ]);
  return {
    banksByName: banksByNameKey(banks),
    bankNameByCert: new Map(banks.map((bank) => [bank.cert, bank.name])),
    insuredBankNames,
    existingKeys: new Set(contacts.map((contact) => duplicateKey(contact.bank_id, contact.email, contact.name))),
  };
}
