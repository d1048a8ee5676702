import { useState, type FormEvent } from 'react';
import { Alert, Button, List, ListItem, ListItemText, Stack, TextField } from '@mui/material';
import PersonSearchIcon from '@mui/icons-material/PersonSearchOutlined';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';
import type { LeadFinderAnswer } from '../../providers/services.ts';
import { SectionCard } from '../../ui/SectionCard.tsx';

/** Lead Finder: a bank's web domain in, the contacts the contact-finder service knows out. */
export function LeadFinderCard() {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [contacts, setContacts] = useState<NonNullable<LeadFinderAnswer['contacts']>>([]);
  const [message, setMessage] = useState<{ severity: 'info' | 'error'; text: string } | null>(null);

  const find = async (event: FormEvent) => {
    event.preventDefault();
    // Does nothing when the domain field is empty.
    if (!domain.trim()) return;
    setBusy(true);
    setMessage(null);
    setContacts([]);
    try {
      const answer = await dataProvider.findLeads(domain.trim());
      if (answer.error) setMessage({ severity: 'error', text: `An error occurred: ${answer.error}` });
      else if (answer.contacts?.length) setContacts(answer.contacts);
      else setMessage({ severity: 'info', text: answer.message || 'No contacts found for this domain.' });
    } catch (failure) {
      setMessage({ severity: 'error', text: `An error occurred: ${(failure as Error).message}` });
    } finally {
      setBusy(false);
    }
  };

  return (
    <SectionCard title="Lead Finder" subtitle="Find people at a bank from its web domain." testId="lead-finder">
      <form onSubmit={find}>
        <Stack spacing={1}>
          <TextField placeholder="examplebank.com" value={domain} onChange={(event) => setDomain(event.target.value)} fullWidth slotProps={{ htmlInput: { 'aria-label': 'Bank domain' } }} />
          <Button type="submit" variant="contained" startIcon={<PersonSearchIcon />} disabled={busy} sx={{ alignSelf: 'flex-start' }}>
            {busy ? 'Searching...' : 'Find Leads'}
          </Button>
        </Stack>
      </form>
      {message && (
        <Alert severity={message.severity} sx={{ mt: 2 }}>
          {message.text}
        </Alert>
      )}
      {contacts.length > 0 && (
        <List dense>
          {contacts.map((contact) => (
            <ListItem key={`${contact.email ?? ''}-${contact.name}`} disableGutters>
              <ListItemText primary={contact.name} secondary={[contact.title, contact.email].filter(Boolean).join(' · ')} />
            </ListItem>
          ))}
        </List>
      )}
    </SectionCard>
  );
}
