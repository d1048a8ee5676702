import { quoted, type ActivityDescription } from '../activity.ts';
import { listOf } from '../../../../domain/format.ts';
import type { ContactEvent } from './events.ts';

export const contactActivity: ActivityDescription<ContactEvent> = {
  resource: 'contacts',
  recordId: (streamId) => streamId.slice('contact-'.length),
  summaries: {
    ContactAdded: (data) => `Added contact ${quoted(data.name)}, ${data.title}${data.bankName ? ` at ${data.bankName}` : ''}`,
    ContactRenamed: (data) => `Renamed contact to ${quoted(data.name)}`,
    ContactTitleChanged: (data) => `Changed title to ${quoted(data.title)}`,
    ContactEmailChanged: (data) => (data.email ? `Changed email to ${data.email}` : 'Removed email'),
    ContactLinkedinUrlChanged: (data) => (data.linkedinUrl ? `Changed LinkedIn profile to ${data.linkedinUrl}` : 'Removed LinkedIn profile'),
    ContactTagsChanged: (data) => (data.tags.length ? `Set tags to ${listOf(data.tags)}` : 'Cleared tags'),
    ContactMovedToBank: (data) => `Moved contact to ${data.bankName ?? `the bank with FDIC cert ${data.bankId}`}`,
    ContactMarkedHotLead: () => 'Marked as a hot lead',
    ContactUnmarkedHotLead: () => 'Removed from hot leads',
    ContactEmailVerified: (data) => `Verified email: ${data.result}${data.score === null ? '' : ` (score ${data.score})`}`,
    ContactReplied: () => 'Marked as replied',
    ContactDeleted: () => 'Deleted contact',
    ContactRestored: (data) => `Restored contact ${quoted(data.name)}`,
    ContactErased: () => 'Erased the contact\'s personal data',
  },
};
