import { useState } from 'react';
import { DialogContentText } from '@mui/material';
import EraseIcon from '@mui/icons-material/PersonOffOutlined';
import { Button, useNotify, useRecordContext, useRefresh } from 'react-admin';
import { http } from '../../providers/http.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import type { Contact } from './types.ts';

/** What an erased contact's name reads as; such a contact has nothing left to erase. */
const erasedName = 'Erased contact';

/**
 * Erases the contact's personal data for good (GDPR), after a confirmation that says what goes and
 * what stays. The server destroys the contact's key: name, email and LinkedIn profile become unreadable
 * everywhere, in its history too.
 */
export function EraseContactButton() {
  const contact = useRecordContext<Contact>();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  if (!contact || contact.name === erasedName) return null;
  const erase = async () => {
    setBusy(true);
    try {
      await http.post(`/api/data/contacts/${contact.id}/erase`);
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
            &lsquo;{erasedName}&rsquo;. Their title, bank, hot-lead flag and the dates of emails sent stay. This cannot be undone.
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
