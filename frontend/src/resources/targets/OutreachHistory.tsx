import { Box, CircularProgress, Typography } from '@mui/material';
import { useGetList } from 'react-admin';
import { deliveryStatusLabels, emailTime, type SentEmail } from '../sent-emails/mailbox.ts';
import { formatLocalMoment } from '../../../../domain/format.ts';

/** Sent emails to one bank, newest first (recipient, subject, date; an email not sent says what became of it). */
export function OutreachHistory({ cert }: { cert: number }) {
  const { data, isPending, error } = useGetList<SentEmail>('sent-emails', {
    filter: { bankId: cert },
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'sentAt', order: 'DESC' },
  });
  if (isPending) return <CircularProgress size={16} aria-label="Loading outreach history" />;
  if (error) return <Typography variant="body2" color="error">The outreach history could not be loaded.</Typography>;
  if (!data?.length) {
    return (
      <Typography variant="body2" color="text.secondary">
        No outreach history.
      </Typography>
    );
  }
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 384, overflowY: 'auto' }} aria-label="Outreach history">
      {data.map((email) => (
        <Box component="li" key={email.id} sx={{ py: 0.75, borderBottom: 1, borderColor: 'divider', '&:last-of-type': { borderBottom: 0 } }}>
          <Typography variant="body2" sx={{ fontWeight: 600 }} noWrap>
            {email.subject}
          </Typography>
          <Typography variant="caption" color="text.secondary" component="div" noWrap>
            To {email.recipientName} &lt;{email.recipientEmail}&gt;
          </Typography>
          {/* On a line of its own: after a long address it was cut off. */}
          <Typography variant="caption" color="text.secondary" component="div">
            {email.sentAt ? formatLocalMoment(email.sentAt) : `${deliveryStatusLabels[email.status]} · ${formatLocalMoment(emailTime(email))}`}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
