import { useState } from 'react';
import DownloadIcon from '@mui/icons-material/GetApp';
import { CircularProgress } from '@mui/material';
import { Button, useRecordContext } from 'react-admin';
import { http } from '../../providers/http.ts';
import { saveFile, safeFileName } from '../../lib/save-file.ts';
import { messageOf } from '../shared/problem.ts';
import { useToast } from '../../ui/Toast.tsx';
import type { Contact } from './types.ts';

/**
 * Saves everything held on the contact as a JSON file, to answer their request to see it: the
 * record and its history, the emails sent to them, their Do Not Contact entry, and the notes, tasks
 * and Analyst Chat conversations naming them.
 */
export function DownloadPersonalDataButton() {
  const contact = useRecordContext<Contact>();
  const toast = useToast();
  const [busy, setBusy] = useState(false);
  if (!contact) return null;
  const download = async () => {
    setBusy(true);
    try {
      const held = await http.get<unknown>(`/api/data/contacts/${contact.id}/personal-data`);
      saveFile(new Blob([JSON.stringify(held, null, 2)], { type: 'application/json' }), `${safeFileName(contact.name, 'contact')}-personal-data-${new Date().toISOString().slice(0, 10)}.json`);
      toast.success(`Saved the personal data held on ${contact.name}.`);
    } catch (error) {
      toast.error(`The personal data could not be read: ${messageOf(error, 'please try again.')}`);
    } finally {
      setBusy(false);
    }
  };
  // Waits while it runs without being disabled: that would drop the keyboard's focus to the page's start.
  return (
    <Button label="Export personal data" onClick={busy ? undefined : () => void download()} aria-disabled={busy || undefined}>
      {busy ? <CircularProgress size={16} aria-label="Reading" /> : <DownloadIcon />}
    </Button>
  );
}
