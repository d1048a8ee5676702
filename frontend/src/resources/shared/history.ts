import type { HistoryEntry } from '../../providers/dataProvider.ts';

export type HistoryChange = { field: string; from: unknown; to: unknown };

/**
 * What an event changed, field by field. The API answers `[{field, from, to}]`; an event given only
 * as its data (`{email: 'x'}`) reads as each field set to its value. Ids repeated on every first event
 * (the record's own id, its owner) are not changes a person made.
 */
export function changesOf(entry: Pick<HistoryEntry, 'changes'>): HistoryChange[] {
  if (Array.isArray(entry.changes)) return entry.changes;
  return Object.entries(entry.changes ?? {})
    .filter(([field]) => field !== 'ownerId' && !/^(contact|task|email|template|workflow)Id$/.test(field))
    .map(([field, to]) => ({ field, from: undefined, to }));
}

/** Labels of where a change came from. */
export const sourceLabels: Record<string, string> = {
  ui: 'App',
  api: 'API',
  ai: 'AI',
  workflow: 'Workflow',
  import: 'Import',
  system: 'System',
};
