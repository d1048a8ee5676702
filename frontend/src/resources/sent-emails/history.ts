import { fixedReading } from '../shared/history.ts';
import { deliveryStatusLabels, type DeliveryStatus } from './mailbox.ts';

/** How a sent email's History reads: its delivery as the Sent Emails list names it. */
export const useSentEmailHistory = fixedReading({
  fields: {
    delivery: { label: 'Delivery', value: (status) => deliveryStatusLabels[status as DeliveryStatus] ?? String(status) },
    attempts: { label: 'Send attempts' },
  },
});
