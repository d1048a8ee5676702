import { http } from '../../providers/http.ts';

/** Contact fields a CSV column can fill, in pairs as the mapping step lays them out. */
export const IMPORT_FIELDS = [
  { field: 'name', label: 'Full name' },
  { field: 'title', label: 'Job title' },
  { field: 'firstName', label: 'First name' },
  { field: 'lastName', label: 'Last name' },
  { field: 'email', label: 'Email' },
  { field: 'linkedinUrl', label: 'LinkedIn URL' },
  { field: 'bankId', label: 'Bank cert' },
  { field: 'bankName', label: 'Bank name' },
  { field: 'tags', label: 'Tags (split on ; or ,)' },
  { field: 'isHotLead', label: 'Hot lead (yes/true/1/x)' },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['field'];

/** A field's name as the mapping step shows it ('title' is 'Job title'), without the hint on what a cell may hold. */
export function importFieldLabel(field: string): string {
  const entry = IMPORT_FIELDS.find((candidate) => candidate.field === field);
  return entry ? entry.label.replace(/ \(.*\)$/, '') : field.charAt(0).toUpperCase() + field.slice(1);
}
export type ImportMapping = Partial<Record<ImportField, string>>;
export type ImportRowError = { row: number; field: string; message: string };

export type ImportPreview = { columns: string[]; rowCount: number; sampleRows: Array<Record<string, string>>; mapping: ImportMapping };
export type ImportDryRun = { total: number; valid: number; duplicates: number; invalid: number; errors: ImportRowError[]; sample: Array<Record<string, unknown>> };
export type ImportResult = { correlationId: string; imported: number; duplicates: number; invalid: number; errors: ImportRowError[] };

export const contactImportApi = {
  preview: (csv: string) => http.post<ImportPreview>('/api/data/contacts/import/preview', { csv }),
  dryRun: (csv: string, mapping: ImportMapping) => http.post<ImportDryRun>('/api/data/contacts/import/dry-run', { csv, mapping }),
  run: (csv: string, mapping: ImportMapping, skipInvalid: boolean) => http.post<ImportResult>('/api/data/contacts/import', { csv, mapping, skipInvalid }, { once: true }),
};

/**
 * A CSV file's text: UTF-16 when it starts with that byte order mark (Excel's "Unicode Text"), UTF-8
 * when it is that, else Windows-1252, the encoding spreadsheets on Windows save "CSV" in, so a name
 * like José is not garbled on import. A file of UTF-8 with bytes of another encoding among them (two
 * files pasted together) is refused in words: read either way, some of its names would be garbled.
 * Text never holds a NUL character: a file that does is a workbook, an image or another binary file
 * chosen by mistake, and is refused in words here.
 */
export function decodeCsvFile(bytes: ArrayBuffer): string {
  const head = new Uint8Array(bytes.slice(0, 2));
  const utf16 = head[0] === 0xff && head[1] === 0xfe ? 'utf-16le' : head[0] === 0xfe && head[1] === 0xff ? 'utf-16be' : null;
  const text = utf16 ? new TextDecoder(utf16).decode(bytes) : decodeUtf8OrWindows1252(bytes);
  if (text.includes('\u0000')) throw new Error('This is not a CSV file. Save the spreadsheet as CSV (comma or semicolon separated) and choose that file.');
  return text;
}

function decodeUtf8OrWindows1252(bytes: ArrayBuffer): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    if (holdsUtf8Accents(new Uint8Array(bytes))) throw new Error(mixedEncodingsMessage);
    return new TextDecoder('windows-1252').decode(bytes);
  }
}

const mixedEncodingsMessage =
  'This file mixes two encodings (parts of it are UTF-8, parts are not), so names like José would be garbled. Open it in your spreadsheet, save it as "CSV UTF-8" and choose that file.';

/**
 * Whether a file that is not UTF-8 throughout still holds UTF-8's accented Latin letters (é is the
 * bytes C3 A9, ł C5 82): read as Windows-1252 they would be written as JosÃ© and Å‚. In a file of
 * Windows-1252 alone, Ã or Å followed by one of those bytes (€, ©, °, ...) is next to never written.
 */
function holdsUtf8Accents(bytes: Uint8Array): boolean {
  for (let index = 0; index + 1 < bytes.length; index += 1) {
    if ((bytes[index] === 0xc3 || bytes[index] === 0xc5) && bytes[index + 1] >= 0x80 && bytes[index + 1] <= 0xbf) return true;
  }
  return false;
}

/** A mapping without the fields left unmapped. */
export function cleanMapping(mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, column]) => Boolean(column))) as ImportMapping;
}

/**
 * What a contact needs mapped, and which fields can give it: a name (a full name, or first and last
 * names CRMs export apart, joined), a job title and a bank (by cert, or by a tracked bank's name).
 */
const requirements: Array<{ label: string; fields: ImportField[] }> = [
  { label: 'Full name (or First name and Last name)', fields: ['name', 'firstName', 'lastName'] },
  { label: 'Job title', fields: ['title'] },
  { label: 'Bank cert or Bank name', fields: ['bankId', 'bankName'] },
];

/** The requirements no column is mapped to, by name. */
export function missingRequired(mapping: ImportMapping): string[] {
  return requirements.filter((requirement) => !requirement.fields.some((field) => mapping[field])).map((requirement) => requirement.label);
}

/** Whether the mapping step marks a field required: Job title always, Full name unless first or last names stand in for it. */
export function requiredNow(field: ImportField, mapping: ImportMapping): boolean {
  return field === 'title' || (field === 'name' && !mapping.firstName && !mapping.lastName);
}
