import type { HistoryEntry } from '../../providers/dataProvider.ts';
import { displayValue } from './conflict.ts';
import { labelOf } from './labels.ts';
import type { EventSource } from '../../../../domain/records/event-source.ts';

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

/** Labels of where a change came from: one for every source. */
export const sourceLabels: Record<string, string> = {
  ui: 'App',
  api: 'API',
  ai: 'AI',
  workflow: 'Workflow',
  import: 'Import',
  system: 'System',
} satisfies Record<EventSource, string>;

/** How one field of a record reads in its History: its label and its value as text, or hidden. */
export type FieldReading = { label?: string; value?: (value: unknown) => string; hidden?: boolean };

/**
 * How a record's fields read in its History. A field not named reads by its name ('Due date') and its
 * value as `displayValue` writes it. `group` gathers many fields of one kind (a bank's figures, under
 * `financials.`) into one line a person opens when they want them (Show `name`), in `order`.
 */
export type HistoryReading = {
  fields?: Record<string, FieldReading>;
  group?: { name: string; prefix: string; field: (name: string) => FieldReading; order: (names: string[]) => string[] };
};

/**
 * How a resource's fields read in its History, given the changes read (to look up the names they
 * refer to): a hook. An edit conflict reads its changes with it too.
 */
export type UseHistoryReading = (entries: Array<Pick<HistoryEntry, 'changes'>>) => HistoryReading;

/** A reading that needs no names looked up. */
export const fixedReading =
  (reading: HistoryReading): UseHistoryReading =>
  () =>
    reading;

/** Every field by its name, every value as `displayValue` writes it. */
export const readAsStored = fixedReading({});

/** A change as a person reads it: the field's label, its value before (null when it had none) and after. */
export type ChangeLine = { field: string; label: string; from: string | null; to: string };

/** The record's lifecycle (active, deleted) is what the event itself says; the owner is the reader. */
const lifecycleFields: Record<string, FieldReading> = { status: { hidden: true }, ownerId: { hidden: true } };

function lineOf(change: HistoryChange, field: string, reading: FieldReading): ChangeLine | null {
  if (reading.hidden) return null;
  const text = reading.value ?? displayValue;
  const hadNone = change.from === null || change.from === undefined;
  const before = hadNone ? displayValue(null) : text(change.from);
  const after = change.to === null || change.to === undefined ? displayValue(null) : text(change.to);
  // A field given nothing on a new record, or one that reads the same as before, changed nothing a person sees.
  if (before === after) return null;
  return { field: change.field, label: reading.label ?? labelOf(field), from: hadNone ? null : before, to: after };
}

/** What an event changed, line by line, and apart the lines of the reading's group (empty without one). */
export function readChanges(changes: HistoryChange[], reading: HistoryReading = {}): { lines: ChangeLine[]; group: ChangeLine[] } {
  const fields = { ...lifecycleFields, ...reading.fields };
  const lines: ChangeLine[] = [];
  const grouped = new Map<string, ChangeLine>();
  for (const change of changes) {
    const { group } = reading;
    if (group && change.field.startsWith(group.prefix)) {
      const name = change.field.slice(group.prefix.length);
      const line = lineOf(change, name, group.field(name));
      if (line) grouped.set(name, line);
    } else {
      // A nested field (`verification.result`) reads as named, else as the field it is part of.
      const line = lineOf(change, change.field, fields[change.field] ?? fields[change.field.split('.')[0]] ?? {});
      if (line) lines.push(line);
    }
  }
  const group = reading.group ? reading.group.order([...grouped.keys()]).map((name) => grouped.get(name)!) : [];
  return { lines, group };
}

/** A record's History shows at most this many of its newest events until the reader asks for the rest. */
export const HISTORY_SHOWN = 100;
