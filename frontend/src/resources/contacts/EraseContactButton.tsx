import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import EraseIcon from '@mui/icons-material/PersonOffOutlined';
import { useQueryClient } from '@tanstack/react-query';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { erasedContactName } from '../../../../domain/records/contact.ts';
import { http } from '../../providers/http.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { Contact } from './types.ts';


/**
 * Erases the contact's personal data for good (GDPR), after a confirmation that says what goes and
 * what stays. The server destroys the contact's key: name, email and LinkedIn profile become unreadable
 * everywhere, in its history too.
 */
export function EraseContactButton() {
  const contact = useRecordContext<Contact>();
  const notify = useNotify();
  const refresh = useRefresh();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  // an erased contact has nothing left to erase, until it is given new personal data
  if (!contact || (contact.name === erasedContactName && !contact.email && !contact.linkedinUrl)) return null;
  const erase = async () => {
    setBusy(true);
    try {
      await http.post(`/api/data/contacts/${contact.id}/erase`);
      // Reports kept from an earlier visit hold the person's name and email: shown (and exportable) while
      // the page replays the history again, which over a long history takes seconds. They go at once.
      queryClient.removeQueries({ queryKey: ['reports'] });
      notify('Personal data erased.', { type: 'success' });
      setOpen(false);
      refresh();
    } catch (error) {
      notify((error as Error).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <Button label="Erase personal data" color="error" onClick={() => setOpen(true)}>
        <EraseIcon />
      </Button>
      <ConfirmDialog
        open={open}
        title={`Erase ${contact.name}?`}
        body={
          <DialogContentText>
            Their name, email address and LinkedIn profile are erased for good, also from the history, the timelines, sent emails and reports, which will show
            &lsquo;{erasedContactName}&rsquo;. Their title, bank, hot-lead flag and the dates of emails sent stay. This cannot be undone.
            {contact.doNotContact && (
              <>
                {' '}
                Their address stays on your Do Not Contact list, so that no one writes to them again; take it off in Settings › Automation if they asked for that too.
              </>
            )}
          </DialogContentText>
        }
        confirmText="Erase for good"
        destructive
        busy={busy}
        onConfirm={() => void erase()}
        onCancel={() => setOpen(false)}
      />
    </>
  );
}
