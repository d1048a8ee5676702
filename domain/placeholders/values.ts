import { placeholderCatalogue, type Placeholder, type PlaceholderSource } from './catalogue.ts';
import { isoDay, toNumber } from './formats.ts';
import type { PlaceholderValues } from './engine.ts';
import { splitPersonName } from '../person-name.ts';

/** The bank as the API serves it (camelCase, money in dollars), with its regulator record when loaded. */
export type PlaceholderBank = Record<string, unknown> & { rawData?: Record<string, unknown> | null };
export type PlaceholderContact = {
  name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  title?: string | null;
  email?: string | null;
  phone?: string | null;
  linkedinUrl?: string | null;
};
export type PlaceholderSender = { name?: string | null; email?: string | null };
export type PlaceholderAnalysis = { summary?: string | null; risk?: string | null };

export type PlaceholderInputs = {
  bank?: PlaceholderBank | null;
  contact?: PlaceholderContact | null;
  sender?: PlaceholderSender | null;
  analysis?: PlaceholderAnalysis | null;
  /**
   * The writing day: a moment (its UTC day) or, better, the writer's calendar day as YYYY-MM-DD;
   * today's UTC day when not given.
   */
  today?: Date | string;
};

const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value.trim() : null);
function contactField(contact: PlaceholderContact | null | undefined, field: Extract<PlaceholderSource, { from: 'contact' }>['field']): unknown {
  if (!contact) return null;
  if (field === 'firstName') return text(contact.firstName) ?? splitPersonName(contact.name ?? '').firstName;
  if (field === 'lastName') return text(contact.lastName) ?? splitPersonName(contact.name ?? '').lastName;
  if (field === 'name') return text(contact.name) ?? ([text(contact.firstName), text(contact.lastName)].filter(Boolean).join(' ') || null);
  return contact[field];
}

function valueOf(placeholder: Placeholder, inputs: PlaceholderInputs): unknown {
  const source = placeholder.source;
  switch (source.from) {
    case 'contact':
      return contactField(inputs.contact, source.field);
    case 'sender':
      // the sender signs with their name, else their email
      return source.field === 'name' ? (text(inputs.sender?.name) ?? text(inputs.sender?.email)) : text(inputs.sender?.email);
    case 'today':
      return isoDay(inputs.today ?? new Date());
    case 'analysis':
      return text(inputs.analysis?.[source.field]);
    case 'raw': {
      const amount = toNumber(inputs.bank?.rawData?.[source.code]);
      return amount === null ? null : source.thousands ? amount * 1000 : amount;
    }
    case 'bank': {
      const value = inputs.bank?.[source.field];
      return placeholder.kind === 'date' ? isoDay(value) : value;
    }
  }
}

const allPlaceholders = placeholderCatalogue.flatMap((group) => group.placeholders);

/** Every catalogue placeholder's value for this bank, contact and sender (null when unknown). */
export function placeholderValues(inputs: PlaceholderInputs): PlaceholderValues {
  const values: Record<string, unknown> = {};
  for (const placeholder of allPlaceholders) values[placeholder.name] = valueOf(placeholder, inputs) ?? null;
  return values;
}

/** The catalogue's sample values, for the docs and an empty preview. */
export function exampleValues(): PlaceholderValues {
  return Object.fromEntries(allPlaceholders.map((placeholder) => [placeholder.name, placeholder.sample]));
}
