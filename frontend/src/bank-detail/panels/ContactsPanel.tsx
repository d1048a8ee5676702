import { useState } from 'react';
import { Box, Button, CircularProgress, Paper, Stack } from '@mui/material';
import PersonAddIcon from '@mui/icons-material/PersonAddAlt';
import PersonSearchIcon from '@mui/icons-material/PersonSearch';
import { useGetList } from 'react-admin';
import { BankContactList } from '../../resources/contacts/BankContactList.tsx';
import { ContactFormDialog } from '../../resources/contacts/ContactFormDialog.tsx';
import { FindContactsDialog } from '../../resources/contacts/FindContactsDialog.tsx';
import type { Contact } from '../../resources/contacts/types.ts';
import { OutreachHistory } from '../../resources/targets/OutreachHistory.tsx';
import { PanelTitle, Section } from '../components/Section.tsx';
import type { NormalisedBank } from '../../banks/bank.ts';

/** The bank's contacts, with adding, finding, editing, checking and deleting them, and the emails sent to them (as the Targets card lists them). */
export function ContactsPanel({ bank }: { bank: NormalisedBank }) {
  const { data, isPending } = useGetList<Contact>('contacts', {
    filter: { bankId: bank.cert },
    pagination: { page: 1, perPage: 1000 },
    sort: { field: 'name', order: 'ASC' },
  });
  const [dialog, setDialog] = useState<{ kind: 'add' } | { kind: 'edit'; contact: Contact } | { kind: 'find' } | null>(null);
  const bankRef = { cert: bank.cert, name: bank.name };
  return (
    <>
      <PanelTitle
        action={
          <Stack direction="row" spacing={1}>
            <Button variant="outlined" size="small" startIcon={<PersonSearchIcon />} onClick={() => setDialog({ kind: 'find' })}>
              Find Contacts &amp; Execs
            </Button>
            <Button variant="contained" size="small" startIcon={<PersonAddIcon />} onClick={() => setDialog({ kind: 'add' })}>
              Add Contact
            </Button>
          </Stack>
        }
      >
        Contacts ({data?.length ?? 0})
      </PanelTitle>
      <Paper variant="outlined" sx={{ p: 1.5 }} data-testid="bank-contacts-panel">
        {isPending ? (
          <CircularProgress size={20} aria-label="Loading contacts" />
        ) : (
          <BankContactList bank={bankRef} contacts={data ?? []} emptyText="No contacts found for this bank." onEdit={(contact) => setDialog({ kind: 'edit', contact })} />
        )}
      </Paper>
      <Box sx={{ mt: 2 }}>
        <Section title="Outreach History" testId="bank-outreach-history">
          <OutreachHistory cert={bank.cert} />
        </Section>
      </Box>
      {dialog?.kind === 'add' && <ContactFormDialog open onClose={() => setDialog(null)} bank={bankRef} />}
      {dialog?.kind === 'edit' && <ContactFormDialog open onClose={() => setDialog(null)} bank={bankRef} contact={dialog.contact} />}
      {dialog?.kind === 'find' && <FindContactsDialog open onClose={() => setDialog(null)} bank={{ ...bankRef, website: bank.website }} existing={data ?? []} />}
    </>
  );
}
