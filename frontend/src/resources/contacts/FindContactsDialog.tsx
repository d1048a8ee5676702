import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, Chip, CircularProgress, Link, Stack, TextField, Typography } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import AiIcon from '@mui/icons-material/AutoAwesome';
import { useDataProvider } from 'react-admin';
import { domainOfWebsite } from '../../../../domain/enrichment/web-address.ts';
import { Modal } from '../../ui/Modal.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { messageOf, reasonOf } from '../shared/problem.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { targetsApi } from '../targets/api.ts';
import { contactsApi } from './api.ts';
import { ContactFormDialog } from './ContactFormDialog.tsx';
import { domainEdited, domainSearchFailedText, domainSuggestion, hasPeopleNotAdded, isAlreadyAdded, mergeSearchResults, type MergedSearchResults, type SearchResult } from './search-results.ts';
import type { Contact, ContactDraft } from './types.ts';

/** LinkedIn URLs from the AI search are checked: replaced by where they lead, or dropped when invalid. */
async function checkedLinkedinUrls(results: MergedSearchResults): Promise<MergedSearchResults> {
  const check = async (result: SearchResult): Promise<SearchResult> => {
    if (!result.linkedinUrl || result.source === 'Hunter') return result;
    try {
      const answer = await targetsApi.verifyLinkedin(result.linkedinUrl);
      return { ...result, linkedinUrl: answer.isValid ? answer.finalUrl || result.linkedinUrl : null };
    } catch {
      return { ...result, linkedinUrl: null };
    }
  };
  return { withEmail: await Promise.all(results.withEmail.map(check)), withoutEmail: await Promise.all(results.withoutEmail.map(check)) };
}

function ResultRow({ result, added, busy, onAdd }: { result: SearchResult; added: boolean; busy: boolean; onAdd: () => void }) {
  return (
    <Stack direction="row" spacing={1.5} data-testid="search-result" sx={{ alignItems: 'center', py: 1, borderBottom: 1, borderColor: 'divider' }}>
      <Box sx={{ flex: 1, minWidth: 0 }}>
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {result.name || 'Name unknown'}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="div">
          {[result.title, result.email].filter(Boolean).join(' · ') || 'No title or email'}
        </Typography>
        {result.linkedinUrl && (
          <Link href={result.linkedinUrl} target="_blank" rel="noopener noreferrer" variant="caption">
            LinkedIn profile
          </Link>
        )}
      </Box>
      <Chip size="small" label={result.source} color={result.source === 'Both' ? 'success' : 'default'} variant="outlined" />
      <Button size="small" variant={added ? 'text' : 'outlined'} disabled={added || busy} onClick={onAdd}>
        {added ? 'Added' : 'Add'}
      </Button>
    </Stack>
  );
}

/**
 * Find Contacts and Executives for one bank: the domain comes from the bank's website (no protocol,
 * no www), or for a bank without one from the AI's domain search on its name; the contact-finder service and, where the server offers it, the AI executive search are
 * asked together and their people merged by email. 'Added' marks emails the bank already has.
 * Closing it with people found and not added, or with a domain typed and not searched, asks before
 * dropping them.
 */
export function FindContactsDialog({
  open,
  onClose,
  bank,
  existing,
}: {
  open: boolean;
  onClose: () => void;
  bank: { cert: number; name: string; website: string | null };
  existing: Contact[];
}) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const [domain, setDomain] = useState(domainOfWebsite(bank.website ?? '') ?? '');
  // The domain as filled in (from the website or the AI) or last searched: typing another one is a change.
  const [settledDomain, setSettledDomain] = useState(domain);
  const [searching, setSearching] = useState(false);
  const [results, setResults] = useState<MergedSearchResults | null>(null);
  const [message, setMessage] = useState<{ severity: 'info' | 'warning' | 'error'; text: string } | null>(null);
  const [adding, setAdding] = useState<string | null>(null);
  const [completing, setCompleting] = useState<Partial<ContactDraft> | null>(null);
  const [addedNow, setAddedNow] = useState<string[]>([]);

  const [domainLookup, setDomainLookup] = useState<'idle' | 'looking' | 'found' | 'none'>('idle');

  useEffect(() => {
    if (!open) return;
    const fromWebsite = domainOfWebsite(bank.website ?? '') ?? '';
    setDomain(fromWebsite);
    setSettledDomain(fromWebsite);
    setResults(null);
    setMessage(null);
    setAddedNow([]);
    setDomainLookup('idle');
    if (fromWebsite) return;
    // No website on file: the AI suggests the domain from the bank's name; what the user types meanwhile wins.
    let current = true;
    setDomainLookup('looking');
    contactsApi
      .findBankDomain(bank.name)
      .then((found) => domainOfWebsite(found ?? '') ?? null, () => null)
      .then((found) => {
        if (!current) return;
        setDomainLookup(found ? 'found' : 'none');
        if (!found) return;
        setDomain((typed) => typed || found);
        setSettledDomain(found);
      });
    return () => {
      current = false;
    };
  }, [open, bank.website, bank.name]);

  const domainHelp =
    domainLookup === 'looking'
      ? `Looking up ${bank.name}'s domain with AI...`
      : domainLookup === 'found'
        ? 'Domain suggested by AI from the bank’s name: check it before searching.'
        : domainLookup === 'none'
          ? 'No website on file and AI found no domain: type the bank’s domain.'
          : `People at ${bank.name}, from the contact finder and the AI executive search.`;

  /** 'Suggest with AI': asks the AI for the bank's domain and says whether it changed, confirmed or found none. */
  const suggestDomain = async () => {
    setDomainLookup('looking');
    try {
      const suggestion = domainSuggestion(domain, await contactsApi.findBankDomain(bank.name));
      setDomain(suggestion.domain);
      setSettledDomain(suggestion.domain);
      setDomainLookup(suggestion.outcome === 'updated' ? 'found' : 'idle');
      if (suggestion.outcome === 'none') toast.error(suggestion.text);
      else toast.success(suggestion.text);
    } catch (error) {
      setDomainLookup('idle');
      toast.error(domainSearchFailedText(messageOf(error, 'the AI service did not answer')));
    }
  };

  const search = async (event: FormEvent) => {
    event.preventDefault();
    const wanted = domainOfWebsite(domain);
    if (!wanted) {
      setMessage({ severity: 'warning', text: 'Enter the bank’s web domain, like examplebank.com.' });
      return;
    }
    setSearching(true);
    setSettledDomain(domain);
    setMessage(null);
    setResults(null);
    const [hunter, gemini] = await Promise.allSettled([contactsApi.findByDomain(wanted), contactsApi.findExecutives(bank.name)]);
    try {
      if (hunter.status === 'rejected' && gemini.status === 'rejected') {
        setMessage({ severity: 'error', text: `An error occurred during search: ${messageOf(hunter.reason, 'the services did not answer.')}` });
        return;
      }
      const merged = await checkedLinkedinUrls(
        mergeSearchResults(hunter.status === 'fulfilled' ? (hunter.value.contacts ?? []) : [], gemini.status === 'fulfilled' ? gemini.value : []),
      );
      setResults(merged);
      const found = merged.withEmail.length + merged.withoutEmail.length;
      if (hunter.status === 'rejected') {
        // With nobody from the AI (none found, or no AI on this server) the contact finder's failure is
        // the answer: a missing or refused key, or an outage, is not "no contacts found".
        setMessage(
          found === 0
            ? { severity: 'error', text: `An error occurred during search: ${messageOf(hunter.reason, 'the services did not answer.')}` }
            : { severity: 'warning', text: `Hunter.io: ${messageOf(hunter.reason, 'the search failed.')} Showing the AI search only.` },
        );
      } else if (found === 0) {
        setMessage({ severity: 'info', text: 'No contacts found from either Gemini AI or Hunter.io.' });
      }
    } finally {
      setSearching(false);
    }
  };

  const existingEmails = [...existing.map((contact) => contact.email), ...addedNow];

  const add = async (result: SearchResult) => {
    // The contact form asks for a job title; a person found without one is completed there first.
    if (!result.email || !result.title || !result.name) {
      setCompleting({ name: result.name, title: result.title, email: result.email ?? '', linkedinUrl: result.linkedinUrl ?? '' });
      return;
    }
    setAdding(result.email);
    try {
      const created = await dataProvider.create<Contact>('contacts', {
        data: { bankId: bank.cert, bankName: bank.name, name: result.name, title: result.title, email: result.email, linkedinUrl: result.linkedinUrl },
      });
      setAddedNow((current) => [...current, result.email!]);
      toast.success(`${created.data.name} added as a contact.`);
      await refresh('contacts');
    } catch (error) {
      toast.error(`Failed to add contact. ${reasonOf(error, '')}`.trim());
    } finally {
      setAdding(null);
    }
  };

  return (
    <>
      <Modal open={open} onClose={onClose} title="Find Contacts and Executives" maxWidth="md" unsavedChanges={hasPeopleNotAdded(results, existingEmails) || domainEdited(domain, settledDomain)}>
        <Stack component="form" direction={{ xs: 'column', sm: 'row' }} spacing={1} onSubmit={search} sx={{ mb: 2 }}>
          <TextField
            size="small"
            fullWidth
            label="Bank domain"
            value={domain}
            onChange={(event) => setDomain(event.target.value)}
            placeholder="examplebank.com"
            helperText={domainHelp}
            slotProps={{ input: { endAdornment: domainLookup === 'looking' ? <CircularProgress size={16} aria-label="Looking up the domain" /> : undefined } }}
          />
          <Button variant="outlined" color="secondary" onClick={() => void suggestDomain()} disabled={domainLookup === 'looking'} startIcon={<AiIcon />} sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap', flexShrink: 0 }}>
            Suggest with AI
          </Button>
          <Button type="submit" variant="contained" disabled={searching} startIcon={searching ? <CircularProgress size={16} /> : <SearchIcon />} sx={{ alignSelf: 'flex-start', whiteSpace: 'nowrap', flexShrink: 0 }}>
            {searching ? 'Searching...' : 'Search'}
          </Button>
        </Stack>
        {message && (
          <Alert severity={message.severity} sx={{ mb: 2 }}>
            {message.text}
          </Alert>
        )}
        {results && results.withEmail.length + results.withoutEmail.length > 0 && (
          <Box sx={{ maxHeight: '55vh', overflowY: 'auto' }} data-testid="search-results">
            {results.withEmail.map((result) => (
              <ResultRow key={result.email} result={result} added={isAlreadyAdded(result.email, existingEmails)} busy={adding === result.email} onAdd={() => void add(result)} />
            ))}
            {results.withoutEmail.length > 0 && (
              <>
                <Typography variant="overline" color="text.secondary" component="div" sx={{ mt: 2 }}>
                  Found without an email
                </Typography>
                {results.withoutEmail.map((result, index) => (
                  <ResultRow key={`${result.name}-${index}`} result={result} added={false} busy={false} onAdd={() => void add(result)} />
                ))}
              </>
            )}
          </Box>
        )}
      </Modal>
      <ContactFormDialog
        open={completing !== null}
        onClose={() => setCompleting(null)}
        bank={bank}
        initial={completing}
        onSaved={(contact) => contact.email && setAddedNow((current) => [...current, contact.email!])}
      />
    </>
  );
}
