import { toDomainEvent } from '../backend/src/events/registry.ts';
import { suppressionEvents, type SuppressionEvent } from '../backend/src/outreach/suppressions/events.ts';
import type { Projection } from './projection.ts';
import { deleteRow, insertRow } from './versioned-rows.ts';

const userIdOf = (streamId: string) => streamId.slice('suppression-'.length);

/** Each user's Do Not Contact list, one row per address; every send looks here first. */
export const suppressionsProjection: Projection = {
  name: 'suppressions',
  tables: ['suppressions'],
  handles: Object.keys(suppressionEvents),
  bufferedRebuild: true,
  async apply(recorded, trx) {
    const event = toDomainEvent<SuppressionEvent>(recorded);
    const userId = userIdOf(recorded.streamId);
    switch (event.type) {
      case 'AddressSuppressed':
        return insertRow(
          trx,
          'suppressions',
          recorded,
          { user_id: userId, email: event.data.email, reason: event.data.reason, contact_id: event.data.contactId, detail: event.data.detail },
          ['user_id', 'email'],
        );
      case 'AddressUnsuppressed':
        return deleteRow(trx, 'suppressions', { user_id: userId, email: event.data.email }, recorded);
    }
  },
};
