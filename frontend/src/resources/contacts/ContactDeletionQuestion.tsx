import { useQuery } from '@tanstack/react-query';
import { contactsInAutomationText } from '../enrolments/api.ts';
import { contactsApi } from './api.ts';
import { DeletionQuestion, type DeletedRecords } from '../shared/DeletionQuestion.tsx';

/** Before contacts are deleted: the question, and how many of them an automation is still writing to (it stops). */
export function ContactDeletionQuestion({ records }: { records: DeletedRecords }) {
  const contactIds = records.map((contact) => String(contact.id));
  const running = useQuery({ queryKey: ['contacts', 'in-automation', contactIds], queryFn: () => contactsApi.inAutomation(contactIds) });
  const inAutomation = running.data?.length ?? 0;
  const [only] = records;
  const question = records.length === 1 && only.name ? `Are you sure you want to delete ${only.name}?` : `Are you sure you want to delete ${records.length === 1 ? 'this contact' : `these ${records.length} contacts`}?`;
  return <DeletionQuestion question={question} consequence={contactsInAutomationText(inAutomation, records.length)} />;
}
