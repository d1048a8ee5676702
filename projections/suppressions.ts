import { suppressionEvents } from '../backend/src/outreach/suppressions/events.ts';
import { defineRowProjection, insert, remove } from './row-projection.ts';

const userIdOf = (streamId: string) => streamId.slice('suppression-'.length);

/** Each user's Do Not Contact list, one row per address; every send looks here first. */
export const suppressionsProjection = defineRowProjection(
  { name: 'suppressions', title: 'Do Not Contact list', table: 'suppressions', key: ['user_id', 'email'], version: 1, events: suppressionEvents },
  {
    AddressSuppressed: (data, event) =>
      insert({ user_id: userIdOf(event.streamId), email: data.email, reason: data.reason, contact_id: data.contactId, detail: data.detail }),
    AddressUnsuppressed: (data, event) => remove({ user_id: userIdOf(event.streamId), email: data.email }),
  },
);
