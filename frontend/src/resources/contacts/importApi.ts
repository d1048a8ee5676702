import { http } from '../../providers/http.ts';

/** Contact fields a CSV column can fill; name and title are required. */
export const IMPORT_FIELDS = [
  { field: 'name', label: 'Full name', required: true },
  { field: 'title', label: 'Job title', required: true },
  { field: 'email', label: 'Email', required: false },
  { field: 'linkedinUrl', label: 'LinkedIn URL', required: false },
  { field: 'bankId', label: 'Bank cert', required: false },
  { field: 'bankName', label: 'Bank name', required: false },
  { field: 'tags', label: 'Tags (split on ; or ,)', required: false },
  { field: 'isHotLead', label: 'Hot lead (yes/true/1/x)', required: false },
] as const;

export type ImportField = (typeof IMPORT_FIELDS)[number]['field'];
export type ImportMapping = Partial<Record<ImportField, string>>;
export type ImportRowError = { row: number; field: string; message: string };

export type ImportPreview = { columns: string[]; rowCount: number; sampleRows: Array<Record<string, string>>; mapping: ImportMapping };
export type ImportDryRun = { total: number; valid: number; duplicates: number; invalid: number; errors: ImportRowError[]; sample: Array<Record<string, unknown>> };
export type ImportResult = { correlationId: string; imported: number; duplicates: number; invalid: number; errors: ImportRowError[] };

export const contactImportApi = {
  preview: (csv: string) => http.post<ImportPreview>('/api/data/contacts/import/preview', { csv }),
  dryRun: (csv: string, mapping: ImportMapping) => http.post<ImportDryRun>('/api/data/contacts/import/dry-run', { csv, mapping }),
  run: (csv: string, mapping: ImportMapping, skipInvalid: boolean) => http.post<ImportResult>('/api/data/contacts/import', { csv, mapping, skipInvalid }),
};

/** A mapping without the fields left unmapped. */
export function cleanMapping(mapping: ImportMapping): ImportMapping {
  return Object.fromEntries(Object.entries(mapping).filter(([, column]) => Boolean(column))) as ImportMapping;
}

/** The required fields no column is mapped to. */
export function missingRequired(mapping: ImportMapping): string[] {
  return IMPORT_FIELDS.filter((entry) => entry.required && !mapping[entry.field]).map((entry) => entry.label);
}
