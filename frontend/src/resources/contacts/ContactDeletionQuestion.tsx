import { useQuery } from '@tanstack/react-query';
import { DialogContentText } from '@mui/material';
import { contactsInAutomationText } from '../enrolments/api.ts';
import { contactsApi } from './api.ts';
import { DeletionQuestion, type DeletedRecords } from '../shared/DeletionQuestion.tsx';

/**
 * Before contacts are deleted: the question, how many of them an automation is still writing to (it
 * stops), and that deleting is not erasing: their details stay readable in the History, the emails
 * sent and the reports, and once deleted no screen reaches them to erase them.
 */
export function ContactDeletionQuestion({ records }: { records: DeletedRecords }) {
  const contactIds = records.map((contact) => String(contact.id));
  const running = useQuery({ queryKey: ['contacts', 'in-automation', contactIds], queryFn: () => contactsApi.inAutomation(contactIds) });
  const inAutomation = running.data?.length ?? 0;
  const [only] = records;
  const question = records.length === 1 && only.name ? `Are you sure you want to delete ${only.name}?` : `Are you sure you want to delete ${records.length === 1 ? 'this contact' : `these ${records.length} contacts`}?`;
  return (
    <>
      <DeletionQuestion question={question} consequence={contactsInAutomationText(inAutomation, records.length)} />
      <DialogContentText sx={{ mt: 1.5 }}>
        Their name and email address stay in the History, the emails sent and the reports. If {records.length === 1 ? 'this person' : 'they'} asked for their personal data to be removed, use
        Erase personal data on {records.length === 1 ? 'the contact’s page' : 'each contact’s page'} instead.
      </DialogContentText>
    </>
  );
}
