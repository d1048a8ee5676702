import { contactEvents } from '../backend/src/outreach/contacts/events.ts';
import { erasedContactName } from '../domain/records/contact.ts';
import { defineRowProjection, insert, remove, update } from './row-projection.ts';

const noVerification = { verification_result: null, verification_score: null, verified_at: null };

export const contactsProjection = defineRowProjection(
  { name: 'contacts', title: 'Contacts', table: 'contacts', key: ['id'], version: 1, events: contactEvents, streamKey: (streamId) => ({ id: streamId.slice('contact-'.length) }) },
  {
    ContactAdded: ({ contactId, ownerId, bankId, bankName, linkedinUrl, tags, name, title, email, addressHeld }) =>
      insert({ id: contactId, user_id: ownerId, bank_id: bankId, bank_name: bankName, name, title, email, linkedin_url: linkedinUrl, tags, is_hot_lead: false, address_held: addressHeld }),
    ContactRenamed: (data) => update({ name: data.name }),
    ContactTitleChanged: (data) => update({ title: data.title }),
    ContactEmailChanged: (data) => update({ email: data.email, address_held: data.addressHeld, ...noVerification }),
    ContactLinkedinUrlChanged: (data) => update({ linkedin_url: data.linkedinUrl }),
    ContactTagsChanged: (data) => update({ tags: data.tags }),
    ContactMovedToBank: (data) => update({ bank_id: data.bankId, bank_name: data.bankName, address_held: data.addressHeld }),
    ContactMarkedHotLead: () => update({ is_hot_lead: true }),
    ContactUnmarkedHotLead: () => update({ is_hot_lead: false }),
    ContactEmailVerified: (data) => update({ verification_result: data.result, verification_score: data.score, verified_at: data.verifiedAt }),
    ContactReplied: (data) => update({ replied_at: data.repliedAt }),
    ContactDeleted: () => remove(),
    // when it was restored: the automations started before stop, as its deletion stopped them
    ContactRestored: ({ contactId, ownerId, bankId, bankName, linkedinUrl, tags, name, title, email, isHotLead, verification, repliedAt, addressHeld, addedAt }, event) =>
      insert({
        id: contactId,
        user_id: ownerId,
        bank_id: bankId,
        bank_name: bankName,
        name,
        title,
        email,
        linkedin_url: linkedinUrl,
        tags,
        is_hot_lead: isHotLead,
        verification_result: verification?.result ?? null,
        verification_score: verification?.score ?? null,
        verified_at: verification?.verifiedAt ?? null,
        replied_at: repliedAt,
        address_held: addressHeld,
        created_at: addedAt,
        restored_at: event.recordedAt,
      }),
    ContactErased: () => update({ name: erasedContactName, email: null, linkedin_url: null }),
  },
);
