import { Typography } from '@mui/material';
import { Datagrid, FunctionField, Pagination, ReferenceManyField, TextField, useRecordContext } from 'react-admin';
import { DeliveryStatusChip } from './DeliveryStatusChip.tsx';
import { emailTimeText, type SentEmail } from './mailbox.ts';

/**
 * The emails sent to the record in context (a contact: `target="contactId"`), newest first, each
 * opening its own Show page with its delivery history.
 */
export function EmailsToRecord({ target, title }: { target: 'contactId' | 'bankId'; title: string }) {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700, mt: 3, mb: 1 }}>
        {title}
      </Typography>
      <ReferenceManyField reference="sent-emails" target={target} sort={{ field: 'sentAt', order: 'DESC' }} perPage={10} pagination={<Pagination rowsPerPageOptions={[10]} />}>
        <Datagrid
          rowClick="show"
          bulkActionButtons={false}
          data-testid="emails-to-record"
          empty={
            <Typography variant="body2" color="text.secondary">
              No emails sent yet.
            </Typography>
          }
        >
          <FunctionField label="Sent" render={(email: SentEmail) => emailTimeText(email)} />
          <TextField source="subject" sortable={false} />
          <FunctionField label="Status" render={(email: SentEmail) => <DeliveryStatusChip status={email.status} reason={email.failureReason} />} />
        </Datagrid>
      </ReferenceManyField>
    </>
  );
}
