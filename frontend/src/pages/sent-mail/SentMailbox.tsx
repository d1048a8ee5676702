import { useEffect, useMemo, useState } from 'react';
import { Alert, Box, Button, InputAdornment, List, ListItemButton, Paper, Stack, TextField, Typography, useMediaQuery, type Theme } from '@mui/material';
import SearchIcon from '@mui/icons-material/Search';
import MailOutlineIcon from '@mui/icons-material/MailOutline';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { useGetList } from 'react-admin';
import { PageHeader } from '../../layout/PageHeader.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { formatLocalDay, formatLocalMoment } from '../../../../domain/format.ts';
import { DeliveryStatusChip } from '../../resources/sent-emails/DeliveryStatusChip.tsx';
import { SentEmailDecision } from '../../resources/sent-emails/SentEmailDecision.tsx';
import { emailTime, awaitingOutcome, mailboxCountLine, newestFirst, nextSelection, recipientLine, retryNote, searchEmails, type SentEmail } from '../../resources/sent-emails/mailbox.ts';

/** The most emails the mailbox loads (the API's page limit); the count line says when there are more. */
const MAILBOX_LIMIT = 500;
/** While an email is still queued the list is re-read this often, so it turns sent or failed on its own. */
const QUEUED_REFRESH_MS = 2000;

function EmailRow({ email, selected, onOpen }: { email: SentEmail; selected: boolean; onOpen: () => void }) {
  return (
    <ListItemButton selected={selected} onClick={onOpen} divider sx={{ display: 'block', py: 1.25 }} data-testid="sent-email-row">
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'baseline' }}>
        <Typography variant="body2" sx={{ fontWeight: 700 }} noWrap>
          {email.recipientName || email.recipientEmail}
        </Typography>
        <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
          {formatLocalDay(emailTime(email))}
        </Typography>
      </Stack>
      <Typography variant="body2" noWrap>
        {email.subject}
      </Typography>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'space-between', alignItems: 'center', mt: 0.5 }}>
        <Typography variant="caption" color="text.secondary" noWrap>
          {email.bankName ?? ''}
        </Typography>
        <DeliveryStatusChip status={email.status} reason={email.failureReason} />
      </Stack>
    </ListItemButton>
  );
}

function EmailView({ email, onResent }: { email: SentEmail; onResent: (id: string) => void }) {
  return (
    <Box sx={{ p: { xs: 2, md: 3 }, minWidth: 0 }} data-testid="sent-email-view">
      <Stack direction="row" spacing={2} sx={{ justifyContent: 'space-between', alignItems: 'flex-start' }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, overflowWrap: 'anywhere' }}>
          {email.subject}
        </Typography>
        <DeliveryStatusChip status={email.status} reason={email.failureReason} />
      </Stack>
      <Typography variant="body2" sx={{ mt: 1, overflowWrap: 'anywhere' }}>
        {recipientLine(email)}
      </Typography>
      <Typography variant="caption" color="text.secondary">
        {formatLocalMoment(emailTime(email))}
        {email.bankName ? ` · ${email.bankName}` : ''}
      </Typography>
      {retryNote(email) && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="retry-note">
          {retryNote(email)}
        </Alert>
      )}
      <SentEmailDecision email={email} onResent={onResent} />
      <Box component="pre" sx={{ mt: 2, pt: 2, borderTop: 1, borderColor: 'divider', whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'inherit', fontSize: 14, m: 0 }}>
        {email.body}
      </Box>
    </Box>
  );
}

function EmptyPane({ title, text }: { title: string; text: string }) {
  return (
    <Stack sx={{ height: '100%', minHeight: 320, alignItems: 'center', justifyContent: 'center', p: 4, textAlign: 'center' }} spacing={1}>
      <MailOutlineIcon sx={{ fontSize: 48, color: 'text.disabled' }} />
      <Typography variant="subtitle1" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {text}
      </Typography>
    </Stack>
  );
}

/**
 * Sent Mailbox: the list of sent emails (newest first, searchable) beside the selected one. The first
 * match is selected by itself and the selection moves on when the search hides it. On a phone only the
 * list shows; opening an email shows it in place of the list.
 */
export default function SentMailbox() {
  const isPhone = useMediaQuery<Theme>((theme) => theme.breakpoints.down('md'));
  const [search, setSearch] = useState('');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [openOnPhone, setOpenOnPhone] = useState(false);
  const { data, total, isPending, error } = useGetList<SentEmail>(
    'sent-emails',
    { pagination: { page: 1, perPage: MAILBOX_LIMIT }, sort: { field: 'sentAt', order: 'DESC' } },
    { refetchInterval: (query) => ((query.state.data?.data ?? []).some((email) => awaitingOutcome(email.status)) ? QUEUED_REFRESH_MS : false) },
  );
  // The newest emails are loaded; a search asks the server, so it finds older ones too. Until its
  // answer comes, what is loaded is narrowed as the user types.
  const query = useDebounced(search.trim(), 300);
  const found = useGetList<SentEmail>(
    'sent-emails',
    { filter: { q: query }, pagination: { page: 1, perPage: MAILBOX_LIMIT }, sort: { field: 'sentAt', order: 'DESC' } },
    { enabled: query !== '' },
  );
  const searched = query !== '' && found.data !== undefined;
  const searching = search.trim() !== query || found.isFetching;
  const emails = useMemo(() => newestFirst((searched ? found.data : data) ?? []), [searched, found.data, data]);
  const shown = useMemo(() => searchEmails(emails, search), [emails, search]);
  const selection = nextSelection(selectedId, shown);
  useEffect(() => {
    if (selection !== selectedId) setSelectedId(selection);
  }, [selection, selectedId]);
  const selected = shown.find((email) => email.id === selection);

  const countLine = isPending
    ? 'Loading...'
    : mailboxCountLine({ shown: shown.length, total: total ?? emails.length, ...(searched ? { matches: found.total, loadedMatches: found.data?.length } : {}) });

  const list = (
    <Paper variant="outlined" sx={{ display: 'flex', flexDirection: 'column', minHeight: 0, height: { md: '100%' }, overflow: 'hidden' }}>
      <Box sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }} data-testid="mailbox-count">
          {countLine}
        </Typography>
        <TextField
          fullWidth
          placeholder="Search by recipient, bank..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          slotProps={{
            htmlInput: { 'aria-label': 'Search sent emails' },
            input: { startAdornment: <InputAdornment position="start"><SearchIcon fontSize="small" /></InputAdornment> },
          }}
        />
      </Box>
      <Box sx={{ flex: 1, overflowY: 'auto' }}>
        {isPending ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>Loading emails...</Typography>
        ) : error ? (
          <Typography color="error" sx={{ p: 3, textAlign: 'center' }}>{(error as Error).message}</Typography>
        ) : shown.length === 0 ? (
          <Typography color="text.secondary" sx={{ p: 3, textAlign: 'center' }}>
            {total === 0 ? 'No emails have been sent yet.' : searching ? 'Searching...' : 'No emails match your search.'}
          </Typography>
        ) : (
          <List disablePadding>
            {shown.map((email) => (
              <EmailRow
                key={email.id}
                email={email}
                selected={!isPhone && email.id === selection}
                onOpen={() => {
                  setSelectedId(email.id);
                  setOpenOnPhone(true);
                }}
              />
            ))}
          </List>
        )}
      </Box>
    </Paper>
  );

  const reading = selected ? (
    <EmailView email={selected} onResent={setSelectedId} />
  ) : total === 0 && !isPending ? (
    <EmptyPane title="No Email Selected" text="Your sent emails will appear here." />
  ) : (
    <EmptyPane title="No Email Selected" text="Select an email from the list to view it." />
  );

  if (isPhone) {
    return (
      <>
        <PageHeader title="Sent Mailbox" />
        {openOnPhone && selected ? (
          <Paper variant="outlined">
            <Button startIcon={<ArrowBackIcon />} onClick={() => setOpenOnPhone(false)} sx={{ m: 1 }}>
              Back to list
            </Button>
            {reading}
          </Paper>
        ) : (
          list
        )}
      </>
    );
  }

  return (
    <>
      <PageHeader title="Sent Mailbox" />
      <Box sx={{ display: 'grid', gridTemplateColumns: 'minmax(300px, 380px) 1fr', gap: 2, height: 'calc(100vh - 170px)', minHeight: 420 }}>
        {list}
        <Paper variant="outlined" sx={{ overflowY: 'auto', minWidth: 0 }}>
          {reading}
        </Paper>
      </Box>
    </>
  );
}
