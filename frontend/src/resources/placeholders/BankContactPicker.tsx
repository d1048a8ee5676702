import { MenuItem, Stack, TextField } from '@mui/material';
import { useGetList } from 'react-admin';
import type { Contact } from '../contacts/types.ts';
import type { TrackedBank } from '../targets/types.ts';

/** The most target banks and contacts a chooser lists (the API's page limit). */
const CHOOSER_LIMIT = 500;

export type PreviewSubject = { cert: number | null; contactId: string | null };

/** A bank among the user's targets and one of its contacts, for previews rendered on real data. */
export function BankContactPicker({ value, onChange }: { value: PreviewSubject; onChange: (value: PreviewSubject) => void }) {
  const banks = useGetList<TrackedBank>('banks', { filter: { isTarget: true }, pagination: { page: 1, perPage: CHOOSER_LIMIT }, sort: { field: 'name', order: 'ASC' } });
  const contacts = useGetList<Contact>(
    'contacts',
    { filter: { bankId: value.cert }, pagination: { page: 1, perPage: CHOOSER_LIMIT }, sort: { field: 'name', order: 'ASC' } },
    { enabled: value.cert !== null },
  );
  return (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
      <TextField
        select
        label="Bank"
        value={value.cert ?? ''}
        onChange={(event) => onChange({ cert: Number(event.target.value) || null, contactId: null })}
        sx={{ flex: 1 }}
        helperText={banks.data?.length === 0 ? 'Add banks to your targets to preview on them.' : undefined}
        slotProps={{ htmlInput: { 'aria-label': 'Preview bank' } }}
      >
        {(banks.data ?? []).map((bank) => (
          <MenuItem key={bank.cert} value={bank.cert}>
            {bank.name}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        label="Contact"
        value={value.contactId ?? ''}
        disabled={value.cert === null}
        onChange={(event) => onChange({ cert: value.cert, contactId: event.target.value || null })}
        sx={{ flex: 1 }}
        helperText={value.cert !== null && contacts.data?.length === 0 ? 'This bank has no contacts yet.' : undefined}
        slotProps={{ htmlInput: { 'aria-label': 'Preview contact' } }}
      >
        {(contacts.data ?? []).map((contact) => (
          <MenuItem key={contact.id} value={contact.id}>
            {contact.title ? `${contact.name} (${contact.title})` : contact.name}
          </MenuItem>
        ))}
      </TextField>
    </Stack>
  );
}
