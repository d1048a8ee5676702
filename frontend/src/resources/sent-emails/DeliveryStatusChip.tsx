import { Chip, Tooltip } from '@mui/material';
import { deliveryStatusLabels, type DeliveryStatus } from './mailbox.ts';

const colours: Record<DeliveryStatus, 'default' | 'info' | 'success' | 'error' | 'warning'> = {
  queued: 'default',
  sending: 'info',
  sent: 'success',
  failed: 'error',
  unknown: 'warning',
  dismissed: 'default',
};

/** Where a sent email is on its way: queued, sending, sent, failed (with the reason on hover), unknown or dismissed. */
export function DeliveryStatusChip({ status, reason }: { status: DeliveryStatus; reason?: string | null }) {
  const chip = <Chip size="small" variant="outlined" color={colours[status] ?? 'default'} label={deliveryStatusLabels[status] ?? status} data-testid="delivery-status" />;
  return reason ? <Tooltip title={reason}>{chip}</Tooltip> : chip;
}
