import { useQuery } from '@tanstack/react-query';
import { contactsInAutomationText, enrolmentsApi } from '../enrolments/api.ts';
import { DeletionQuestion, type DeletedRecords } from '../shared/DeletionQuestion.tsx';

/** Before contacts are deleted: the question, and how many of them an automation is still writing to (it stops). */
export function ContactDeletionQuestion({ records }: { records: DeletedRecords }) {
  const contactIds = records.map((contact) => String(contact.id));
  const running = useQuery({
    queryKey: ['enrolments', 'running-for-contacts', contactIds],
    queryFn: () => enrolmentsApi.list({ contactId: contactIds, status: ['active', 'paused'] }),
  });
  const inAutomation = new Set((running.data ?? []).map((enrolment) => enrolment.contactId)).size;
  const [only] = records;
  const question = records.length === 1 && only.name ? `Are you sure you want to delete ${only.name}?` : `Are you sure you want to delete ${records.length === 1 ? 'this contact' : `these ${records.length} contacts`}?`;
  return <DeletionQuestion question={question} consequence={contactsInAutomationText(inAutomation, records.length)} />;
}
