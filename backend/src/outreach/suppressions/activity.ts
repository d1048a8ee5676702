import type { ActivityDescription } from '../activity.ts';
import type { SuppressionEvent } from './events.ts';

export const suppressionActivity: ActivityDescription<SuppressionEvent> = {
  resource: 'suppressions',
  recordId: (streamId) => streamId.slice('suppression-'.length),
  summaries: {
    AddressSuppressed: (data) => (data.reason === 'unsubscribed' ? `${data.email} unsubscribed` : `Added ${data.email} to Do Not Contact`),
    AddressUnsuppressed: (data) => `Removed ${data.email} from Do Not Contact`,
  },
};
