import {
  Datagrid,
  FunctionField,
  List,
  SimpleList,
  SelectInput,
  TextField,
  useRecordContext,
} from 'react-admin';
import { csvExporter } from '../shared/csvExporter.ts';
import { DeliveryStatusChip } from './DeliveryStatusChip.tsx';
import { deliveryStatusLabels, deliveryStatuses, emailTime, emailTimeText, recipientLine, type SentEmail } from './mailbox.ts';
import { SentEmailDecision } from './SentEmailDecision.tsx';
import { Preformatted, RecordShow, RecordTitle } from '../shared/RecordShow.tsx';
import { useSentEmailHistory } from './history.ts';
import { bankFilter, searchFilter } from '../shared/filters.tsx';
import { ListBody } from '../shared/ListBody.tsx';
import { RecordListActions } from '../shared/RecordListActions.tsx';
import { MomentField } from '../shared/MomentField.tsx';

const statusChoices = deliveryStatuses.map((status) => ({ id: status, name: deliveryStatusLabels[status] }));

const sentEmailFilters = [
  searchFilter('Search recipient, bank, subject'),
  bankFilter(),
  <SelectInput key="status" source="status" label="Status" choices={statusChoices} />,
];

const exportSentEmails = csvExporter<SentEmail>('sent-emails', [
  { header: 'Sent', value: (email) => emailTime(email), moments: true },
  { header: 'Recipient', value: (email) => email.recipientName },
  { header: 'Email', value: (email) => email.recipientEmail },
  { header: 'Bank', value: (email) => email.bankName },
  { header: 'Cert', value: (email) => email.bankId },
  { header: 'Subject', value: (email) => email.subject },
  { header: 'Status', value: (email) => email.status },
]);

function Status() {
  const email = useRecordContext<SentEmail>();
  return email ? <DeliveryStatusChip status={email.status} reason={email.failureReason} /> : null;
}

/** The list of sent emails, newest first; sent mail is a log, so there is no create, edit or delete. */
export function SentEmailList() {
  return (
    <List filters={sentEmailFilters} sort={{ field: 'sentAt', order: 'DESC' }} perPage={25} exporter={exportSentEmails} actions={<RecordListActions />} title="Sent Emails">
      <ListBody
        phone={
          <SimpleList<SentEmail>
            primaryText={(email) => email.subject}
            secondaryText={(email) => [email.recipientName || email.recipientEmail, emailTimeText(email)].join(' · ')}
            tertiaryText={() => <Status />}
            linkType="show"
          />
        }
      >
        <Datagrid rowClick="show" bulkActionButtons={false}>
          <FunctionField label="Sent" sortBy="sentAt" render={(email: SentEmail) => emailTimeText(email)} />
          <FunctionField label="To" sortBy="recipientName" render={(email: SentEmail) => email.recipientName || email.recipientEmail} sx={{ overflowWrap: 'anywhere' }} />
          <TextField source="bankName" label="Bank" sortable={false} emptyText="—" />
          <TextField source="subject" sx={{ overflowWrap: 'anywhere' }} />
          <FunctionField label="Status" render={() => <Status />} />
        </Datagrid>
      </ListBody>
    </List>
  );
}

function Decision() {
  const email = useRecordContext<SentEmail>();
  return email ? <SentEmailDecision email={email} /> : null;
}

export function SentEmailShow() {
  return (
    <RecordShow title={<RecordTitle source="subject" fallback="Sent email" />} useHistoryReading={useSentEmailHistory}>
      <TextField source="subject" />
      <FunctionField label="To" render={(email: SentEmail) => recipientLine(email).replace(/^To: /, '')} />
      <TextField source="bankName" label="Bank" emptyText="—" />
      <FunctionField label="Status" render={() => <Status />} />
      <MomentField source="queuedAt" label="Queued" showTime />
      <MomentField source="sentAt" label="Sent" showTime emptyText="—" />
      <TextField source="transport" label="Sent through" emptyText="—" />
      <TextField source="attempts" />
      <FunctionField label="" render={() => <Decision />} />
      <FunctionField label="Body" render={(email: SentEmail) => <Preformatted text={email.body} />} />
    </RecordShow>
  );
}
