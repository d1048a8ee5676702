import { toDomainEvent } from '../backend/src/events/registry.ts';
import { contactEvents, type ContactEvent } from '../backend/src/outreach/contacts/events.ts';
import { erasedName } from '../backend/src/privacy/personal-data.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow, updateRow } from './versioned-rows.ts';

const contactIdOf = (streamId: string) => streamId.slice('contact-'.length);
const noVerification = { verification_result: null, verification_score: null, verified_at: null };

export const contactsProjection: Projection = {
  name: 'contacts',
  tables: ['contacts'],
  handles: Object.keys(contactEvents),
  bufferedRebuild: true,
  async apply(recorded, trx) {
    const event = toDomainEvent<ContactEvent>(recorded);
    const key = { id: contactIdOf(recorded.streamId) };
    switch (event.type) {
      case 'ContactAdded': {
        const { contactId, ownerId, bankId, bankName, linkedinUrl, tags, name, title, email } = event.data;
        return insertRow(trx, 'contacts', recorded, {
          id: contactId,
          user_id: ownerId,
          bank_id: bankId,
          bank_name: bankName,
          name,
          title,
          email,
          linkedin_url: linkedinUrl,
          tags: JSON.stringify(tags),
          is_hot_lead: false,
        });
      }
      case 'ContactRenamed':
        return updateRow(trx, 'contacts', key, recorded, { name: event.data.name });
      case 'ContactTitleChanged':
        return updateRow(trx, 'contacts', key, recorded, { title: event.data.title });
      case 'ContactEmailChanged':
        return updateRow(trx, 'contacts', key, recorded, { email: event.data.email, ...noVerification });
      case 'ContactLinkedinUrlChanged':
        return updateRow(trx, 'contacts', key, recorded, { linkedin_url: event.data.linkedinUrl });
      case 'ContactTagsChanged':
        return updateRow(trx, 'contacts', key, recorded, { tags: JSON.stringify(event.data.tags) });
      case 'ContactMovedToBank':
        return updateRow(trx, 'contacts', key, recorded, { bank_id: event.data.bankId, bank_name: event.data.bankName });
      case 'ContactMarkedHotLead':
        return updateRow(trx, 'contacts', key, recorded, { is_hot_lead: true });
      case 'ContactUnmarkedHotLead':
        return updateRow(trx, 'contacts', key, recorded, { is_hot_lead: false });
      case 'ContactEmailVerified':
        return updateRow(trx, 'contacts', key, recorded, {
          verification_result: event.data.result,
          verification_score: event.data.score,
          verified_at: event.data.verifiedAt,
        });
      case 'ContactReplied':
        return updateRow(trx, 'contacts', key, recorded, { replied_at: event.data.repliedAt });
      case 'ContactDeleted':
        return deleteRow(trx, 'contacts', key, recorded);
      case 'ContactErased':
        return updateRow(trx, 'contacts', key, recorded, { name: erasedName, email: null, linkedin_url: null });
    }
  },
};
