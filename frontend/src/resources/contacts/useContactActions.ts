import { useCallback, useState } from 'react';
import { useDataProvider } from 'react-admin';
import { messageOf } from '../shared/problem.ts';
import { useDeletedNotice } from '../shared/restore.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { useToast } from '../../ui/Toast.tsx';
import { contactsApi } from './api.ts';
import type { Contact } from './types.ts';

/** The server's reason after a spec text, when it says something more than the generic failure. */
function withReason(text: string, error: unknown): string {
  const reason = messageOf(error, '');
  return reason ? `${text} ${reason}` : text;
}

/** Hot lead, email check and delete for contacts, each with its toast; the lists reload after each. */
export function useContactActions() {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const deletedNotice = useDeletedNotice();
  const [verifying, setVerifying] = useState<ReadonlySet<string>>(new Set());

  const toggleHotLead = useCallback(
    async (contact: Contact) => {
      const isHotLead = !contact.isHotLead;
      try {
        await contactsApi.setHotLead(contact.id, isHotLead);
        toast.success(`"${contact.name}" ${isHotLead ? 'marked as' : 'removed from'} hot leads.`);
      } catch (error) {
        toast.error(withReason('Failed to update hot lead status.', error));
      } finally {
        await refresh('contacts');
      }
    },
    [toast, refresh],
  );

  const verify = useCallback(
    async (contact: Contact) => {
      setVerifying((current) => new Set(current).add(contact.id));
      try {
        const answer = await contactsApi.verifyContact(contact.id);
        if (!answer?.result) toast.error('Empty response from verification service.');
        else if (answer.result === 'deliverable') toast.success(`Email for ${contact.name} verified.`);
        else toast.info(`Verification result: ${answer.result}.`);
      } catch (error) {
        toast.error(withReason(`Failed to verify email for ${contact.name}.`, error));
      } finally {
        setVerifying((current) => {
          const next = new Set(current);
          next.delete(contact.id);
          return next;
        });
        await refresh('contacts');
      }
    },
    [toast, refresh],
  );

  const markReplied = useCallback(
    async (contact: Contact) => {
      try {
        await contactsApi.markReplied(contact.id);
        toast.success(`${contact.name} marked as replied: automations to them stop.`);
      } catch (error) {
        toast.error(withReason('Failed to mark the contact as replied.', error));
      } finally {
        await refresh('contacts');
      }
    },
    [toast, refresh],
  );

  /** Deletes after the confirm dialog said yes; resolves whether it worked. */
  const remove = useCallback(
    async (contact: Contact): Promise<boolean> => {
      try {
        await dataProvider.delete('contacts', { id: contact.id, previousData: contact });
        deletedNotice('contacts', [contact.id]);
        return true;
      } catch (error) {
        toast.error(withReason('Failed to delete contact.', error));
        return false;
      } finally {
        await refresh('contacts');
      }
    },
    [dataProvider, toast, refresh, deletedNotice],
  );

  return { toggleHotLead, verify, markReplied, remove, isVerifying: (id: string) => verifying.has(id) };
}
