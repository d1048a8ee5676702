import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Knex } from 'knex';
import { containsPattern } from '../db/like.ts';
import { erasedContactName } from '../../../domain/records/contact.ts';
import { RuleBroken } from '../commands/errors.ts';
import { visitTaskText } from '../automation/visit-task.ts';
import type { EventCodec, NewEvent, RecordedEvent } from '../eventstore/types.ts';

/**
 * Crypto-shredding of contacts' personal data. Every event field that names or reaches a person is
 * stored sealed (AES-256-GCM) with a key of its own per contact, in `contact_keys`; readers get the
 * event with those fields opened. Erasing a contact destroys its key (its row stays, keyless): from
 * then on every reader (projections, history, timelines, replays) sees the fields as erased (a name
 * says so, an address or profile becomes absent), while the rest of each event (that an email was
 * sent on a date, to which bank) stays readable. Events are never rewritten, but for the personal
 * data erasure finds in plain text (below): there is no key to destroy for it.
 */

type PersonalFields = {
  /** The contact whose key seals these fields; null leaves the event as it is (no contact). */
  subject: (streamId: string, data: Record<string, unknown>) => string | null;
  /** Each personal field and what it reads as once erased. */
  fields: Record<string, string | null>;
};

const contactOfStream = (streamId: string) => streamId.slice('contact-'.length);
const contactFields = (fields: Record<string, string | null>): PersonalFields => ({ subject: contactOfStream, fields });
/** The contact an event of another stream names in its data (`contactId`), if any. */
const contactInData = (_streamId: string, data: Record<string, unknown>) => (typeof data.contactId === 'string' ? data.contactId : null);

/** Every event type that carries personal data, and which fields. */
export const personalFields: Record<string, PersonalFields> = {
  ContactAdded: contactFields({ name: erasedContactName, email: null, linkedinUrl: null }),
  ContactRestored: contactFields({ name: erasedContactName, email: null, linkedinUrl: null }),
  ContactRenamed: contactFields({ name: erasedContactName }),
  ContactEmailChanged: contactFields({ email: null }),
  ContactLinkedinUrlChanged: contactFields({ linkedinUrl: null }),
  // the subject and body are rendered for the person: they hold the name at least
  EmailQueued: { subject: contactInData, fields: { recipientName: erasedContactName, recipientEmail: '', subject: '(erased)', body: '(erased)' } },
  EnrolmentStarted: { subject: contactInData, fields: { contactName: erasedContactName } },
  // only the automation's LinkedIn visits name a contact (and their profile) in a task (a task the user writes carries none)
  TaskCreated: { subject: contactInData, fields: { text: visitTaskText(erasedContactName, null) } },
  TaskRestored: { subject: contactInData, fields: { text: visitTaskText(erasedContactName, null) } },
};

/** The sealed part of an event's data: which contact's key, and the personal fields encrypted. */
type SealedEnvelope = { contact: string; iv: string; tag: string; data: string };
const envelopeKey = '$sealed';

const sealedEnvelope = (data: Record<string, unknown>) => data[envelopeKey] as SealedEnvelope | undefined;

function seal(key: Buffer, contact: string, fields: Record<string, unknown>): SealedEnvelope {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(fields), 'utf8'), cipher.final()]);
  return { contact, iv: iv.toString('base64'), tag: cipher.getAuthTag().toString('base64'), data: data.toString('base64') };
}

/**
 * The fields sealed in the envelope, or null when this key did not seal them: the key that did was
 * destroyed (the contact erased), and the contact's key made since seals only what came after.
 */
function open(key: Buffer, envelope: SealedEnvelope): Record<string, unknown> | null {
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(envelope.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(envelope.tag, 'base64'));
  let opened: Buffer;
  try {
    opened = Buffer.concat([decipher.update(Buffer.from(envelope.data, 'base64')), decipher.final()]);
  } catch {
    return null; // GCM's authentication: another key sealed it
  }
  return JSON.parse(opened.toString('utf8'));
}

/** The personal fields an event would seal, with the contact they belong to; null when none. */
function personalPart(streamId: string, event: { type: string; data: Record<string, unknown> }): { contact: string; fields: PersonalFields } | null {
  const fields = personalFields[event.type];
  if (!fields || sealedEnvelope(event.data)) return null;
  const contact = fields.subject(streamId, event.data);
  return contact ? { contact, fields } : null;
}

/** Who owns each contact whose personal data an append seals, and whether the append is to the contact's own record. */
type Sealing = Map<string, { ownerId: string | undefined; ownRecord: boolean }>;

/**
 * The keys of these contacts, created for those that have none yet. The rows are held until the
 * append commits: an erasure waits for the appends sealing under a key before it destroys it. An
 * erased contact's row stays without its key: new details given to the contact's own record make a
 * new key (new data is new); anything else that would write personal data for it (copied from it a
 * moment before the erasure) is refused, or it would stay readable under that new key.
 */
async function keysFor(trx: Knex.Transaction, sealing: Sealing): Promise<Map<string, Buffer>> {
  const contacts = [...sealing.keys()];
  const keys = new Map<string, Buffer>();
  if (contacts.length === 0) return keys;
  const query = trx('contact_keys').whereIn('contact_id', contacts).select('contact_id', 'key');
  // A contact's own record may put a new key in an erased one's place: its appends take the row for
  // update, one at a time (two holding it shared would each wait for the other's update for ever).
  const ownRecordsOnly = [...sealing.values()].every((entry) => entry.ownRecord);
  const rows: Array<{ contact_id: string; key: Uint8Array | null }> = await (ownRecordsOnly ? query.forUpdate() : query.forShare());
  const missing = new Set(contacts);
  for (const row of rows) {
    missing.delete(row.contact_id);
    if (row.key) {
      keys.set(row.contact_id, Buffer.from(row.key));
    } else if (sealing.get(row.contact_id)!.ownRecord) {
      const key = randomBytes(32);
      await trx('contact_keys').where('contact_id', row.contact_id).update({ key, erased_at: null });
      keys.set(row.contact_id, key);
    } else {
      throw new RuleBroken("This contact's personal data was erased: nothing about them can be written into other records. Give the contact their details again first.");
    }
  }
  if (missing.size) {
    const created = [...missing].map((contact) => ({ contact_id: contact, user_id: sealing.get(contact)!.ownerId ?? null, key: randomBytes(32) }));
    await trx('contact_keys').insert(created).onConflict('contact_id').ignore();
    // another append may have created one meanwhile: the key stored is the one
    for (const row of await trx('contact_keys').whereIn('contact_id', [...missing]).select('contact_id', 'key')) keys.set(row.contact_id, Buffer.from(row.key));
  }
  return keys;
}

/**
 * The events as they are to be stored: personal fields moved into a sealed envelope under their
 * contact's key. Runs in the append's transaction, so a new contact's key is created with its first event.
 */
export async function sealPersonalData(trx: Knex.Transaction, streams: Array<{ streamId: string; events: NewEvent[] }>): Promise<Array<{ streamId: string; events: NewEvent[] }>> {
  const sealing: Sealing = new Map();
  for (const { streamId, events } of streams) {
    for (const event of events) {
      const part = personalPart(streamId, event);
      if (part) sealing.set(part.contact, { ownerId: event.data.ownerId as string | undefined, ownRecord: streamId === `contact-${part.contact}` });
    }
  }
  if (sealing.size === 0) return streams;
  const keys = await keysFor(trx, sealing);
  return streams.map(({ streamId, events }) => ({
    streamId,
    events: events.map((event) => {
      const part = personalPart(streamId, event);
      if (!part) return event;
      const data = { ...event.data };
      const personal: Record<string, unknown> = {};
      for (const field of Object.keys(part.fields.fields)) {
        personal[field] = data[field];
        delete data[field];
      }
      return { ...event, data: { ...data, [envelopeKey]: seal(keys.get(part.contact)!, part.contact, personal) } };
    }),
  }));
}

/**
 * Stored events made readable: sealed fields opened with their contact's key, or, when the key was
 * destroyed (the contact erased), set to what an erased field reads as. Other events pass unchanged.
 */
export async function revealPersonalData(events: RecordedEvent[], knex: Knex, keysRead?: Array<Uint8Array | null>): Promise<RecordedEvent[]> {
  const contacts = new Set<string>();
  const keys = new Map<string, Buffer>();
  events.forEach((event, index) => {
    const envelope = sealedEnvelope(event.data);
    if (!envelope) return;
    contacts.add(envelope.contact);
    const key = keysRead?.[index];
    if (key) keys.set(envelope.contact, Buffer.from(key));
  });
  if (contacts.size === 0) return events;
  if (!keysRead) {
    for (const row of await knex('contact_keys').whereIn('contact_id', [...contacts]).whereNotNull('key').select('contact_id', 'key')) keys.set(row.contact_id, Buffer.from(row.key));
  }
  return events.map((event) => {
    const envelope = sealedEnvelope(event.data);
    if (!envelope) return event;
    const { [envelopeKey]: _sealed, ...data } = event.data;
    const key = keys.get(envelope.contact);
    const personal = (key && open(key, envelope)) ?? personalFields[event.type]?.fields ?? {};
    return { ...event, data: { ...data, ...personal } };
  });
}

/**
 * A stored event's data with its plain-text personal fields replaced by what they read as once
 * erased; null when it holds none (sealed, or no personal fields). Only events written before sealing
 * existed hold them: blanking those in place at erasure is the one change ever made to a stored
 * event, because the law requires the data gone and there is no key to destroy for them.
 */
export function redactedPlainData(event: { type: string; data: Record<string, unknown> }): Record<string, unknown> | null {
  const fields = personalFields[event.type];
  if (!fields || sealedEnvelope(event.data)) return null;
  return { ...event.data, ...fields.fields };
}

/** The Postgres event store's codec: personal data sealed on append, revealed (or erased) on read. */
export const personalDataCodec: EventCodec = {
  seals: (streamId, events) => events.some((event) => personalPart(streamId, event as { type: string; data: Record<string, unknown> }) !== null),
  seal: sealPersonalData,
  reveal: revealPersonalData,
  keyOfEvent: `(select contact_keys.key from contact_keys where contact_keys.contact_id = (e.data->'${envelopeKey}'->>'contact')::uuid)`,
};

/** A contact's names and addresses as plain texts quote them, with what each reads as once erased. */
export type Mentions = ReadonlyArray<{ pattern: RegExp; erased: string }>;

const escapedForPattern = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The texts a user writes freely, by event type: a bank's notes, a task's description, a Do Not
 * Contact note. They belong to no one contact, so nothing seals them, yet they may name a person
 * ('Met Dana Lee at the conference', 'Call Dana Lee back'): erasing the person rewrites every
 * mention of them in these fields, and only these (the address a Do Not Contact entry keeps stays).
 */
export const userNoteFields: Record<string, string[]> = {
  BankTracked: ['notes'],
  BankNotesChanged: ['notes'],
  TaskCreated: ['text'],
  TaskTextChanged: ['text'],
  AddressSuppressed: ['detail'],
};

/** A stored event's data with every mention of the person in its notes replaced; null when they have none. */
export function notesWithoutMentions(event: { type: string; data: Record<string, unknown> }, mentions: Mentions): Record<string, unknown> | null {
  const notes = Object.fromEntries((userNoteFields[event.type] ?? []).flatMap((field) => (typeof event.data[field] === 'string' ? [[field, event.data[field]]] : [])));
  const scrubbed = dataWithoutMentions(notes, mentions);
  return scrubbed ? { ...event.data, ...scrubbed } : null;
}

/** Every name, email address and LinkedIn profile address a contact's history gave them (read while its key still opens them). */
export function identifiersIn(history: ReadonlyArray<{ data: Record<string, unknown> }>): { names: string[]; emails: string[]; linkedinUrls: string[] } {
  const texts = (field: string) => history.map((event) => event.data[field]).filter((value): value is string => typeof value === 'string' && value !== '');
  return { names: texts('name'), emails: texts('email'), linkedinUrls: texts('linkedinUrl') };
}

/** The names or addresses a text could quote: each once, trimmed, a single letter left out (it would match every word). */
export const quotableTexts = (texts: Iterable<string>): string[] => [...new Set([...texts].map((text) => text.trim()).filter((text) => text.length > 1))];

/**
 * The mentions of a person by any name, address or LinkedIn profile address they ever had: one
 * pattern each for the profiles, the addresses and the names, each trying the longer first, a name
 * only as whole words. The profiles and addresses go before the names, which they may contain
 * ('linkedin.com/in/al-park'): a name replaced inside one would leave the rest of it. One pattern of
 * alternatives, not one per name: a contact renamed a thousand times has a thousand names, and a
 * thousand patterns over each of a thousand texts took half a second.
 */
export function mentionsOf(person: { names: Iterable<string>; emails: Iterable<string>; linkedinUrls?: Iterable<string> }): Mentions {
  const alternatives = (texts: Iterable<string>) =>
    quotableTexts(texts)
      .sort((a, b) => b.length - a.length)
      .map(escapedForPattern)
      .join('|');
  const profiles = alternatives(person.linkedinUrls ?? []);
  const emails = alternatives(person.emails);
  const names = alternatives(person.names);
  return [
    ...(profiles ? [{ pattern: new RegExp(profiles, 'gi'), erased: "the contact's LinkedIn profile" }] : []),
    ...(emails ? [{ pattern: new RegExp(emails, 'gi'), erased: "the contact's address" }] : []),
    ...(names ? [{ pattern: new RegExp(`(?<![\\p{L}\\p{N}])(?:${names})(?![\\p{L}\\p{N}])`, 'giu'), erased: erasedContactName }] : []),
  ];
}

/** A text with every mention of the person replaced; the same text when it has none. */
export function withoutMentions(text: string, mentions: Mentions): string {
  return mentions.reduce((scrubbed, { pattern, erased }) => scrubbed.replace(pattern, erased), text);
}

/**
 * A stored event's data with every plain-text mention of the person replaced, in its top-level
 * texts (events keep flat data); null when it has none. Plain fields never hold personal data by
 * design, but some quote it: a mail server's bounce reason quotes the address, and the stop details
 * of automations stored before they named no one quote the name. Erasure blanks those in place for
 * the reason it blanks unsealed fields.
 */
export function dataWithoutMentions(data: Record<string, unknown>, mentions: Mentions): Record<string, unknown> | null {
  let changed = false;
  const scrubbed = Object.fromEntries(
    Object.entries(data).map(([field, value]) => {
      if (typeof value !== 'string' || field === envelopeKey) return [field, value];
      const text = withoutMentions(value, mentions);
      if (text !== value) changed = true;
      return [field, text];
    }),
  );
  return changed ? scrubbed : null;
}

/**
 * A condition on rows: one of the columns contains one of the texts, letter case aside; the rows
 * that may quote the person, found by the database rather than read whole. A jsonb column is
 * matched as its JSON text, where a quote or a backslash in a name is escaped.
 */
export const quotingAny =
  (texts: string[], columns: { plain?: string[]; json?: string[] }) =>
  (where: Knex.QueryBuilder): void => {
    for (const text of texts) {
      for (const column of columns.plain ?? []) where.orWhereRaw('?? ilike ?', [column, containsPattern(text)]);
      for (const column of columns.json ?? []) where.orWhereRaw('??::text ilike ?', [column, containsPattern(JSON.stringify(text).slice(1, -1))]);
    }
  };
