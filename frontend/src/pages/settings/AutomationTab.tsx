import { useCallback, useEffect, useState } from 'react';
import { Alert, Box, Button, Card, CardContent, Checkbox, FormControlLabel, FormHelperText, Grid, IconButton, List, ListItem, ListItemText, Pagination, Stack, TextField, Typography } from '@mui/material';
import DeleteIcon from '@mui/icons-material/DeleteOutline';
import SaveIcon from '@mui/icons-material/Save';
import { doNotContactLabels, whyOnDoNotContact } from '../../../../domain/records/do-not-contact.ts';
import { ConfirmDialog } from '../../ui/ConfirmDialog.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { useDebounced } from '../../ui/useDebounced.ts';
import { fieldErrorsOf, messageOf } from '../../resources/shared/problem.ts';
import { settingsApi, type AutomationNumberField, type AutomationSettings, type AutomationSettingsForm, type Suppression } from './settingsApi.ts';
import { SavedSettingsPending, useSavedSettings } from './SavedSettings.tsx';
import { countOf, formatLocalDay } from '../../../../domain/format.ts';

const dayNames = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const defaults: AutomationSettings = { sendWindowStartHour: 8, sendWindowEndHour: 18, sendDays: [1, 2, 3, 4, 5], timeZone: null, dailySendCap: 50 };

function SendWindowCard() {
  const toast = useToast();
  const [form, setForm] = useState<AutomationSettingsForm>(defaults);
  // The fields wait for the saved settings: typed into before they arrived, a value was replaced by the
  // saved one, and a Save then could write the defaults over settings the user never saw.
  const saved = useSavedSettings((settings) =>
    setForm({
      sendWindowStartHour: settings.sendWindowStartHour ?? defaults.sendWindowStartHour,
      sendWindowEndHour: settings.sendWindowEndHour ?? defaults.sendWindowEndHour,
      sendDays: settings.sendDays ?? defaults.sendDays,
      timeZone: settings.timeZone ?? null,
      dailySendCap: settings.dailySendCap ?? defaults.dailySendCap,
    }),
  );
  const [saving, setSaving] = useState(false);
  // How many scheduled steps the last save moved to the new window (undefined: the window did not change).
  const [rescheduled, setRescheduled] = useState<number>();
  // The server's message for each field it refused, shown under that field rather than as 'dailySendCap: ...'.
  const [errors, setErrors] = useState<Partial<Record<keyof AutomationSettings, string>>>({});
  const number = (field: AutomationNumberField) => (event: React.ChangeEvent<HTMLInputElement>) =>
    setForm((current) => ({ ...current, [field]: event.target.value.trim() === '' ? null : Number(event.target.value) }));
  const toggleDay = (day: number) =>
    setForm((current) => ({ ...current, sendDays: current.sendDays.includes(day) ? current.sendDays.filter((d) => d !== day) : [...current.sendDays, day].sort() }));
  const save = async () => {
    setSaving(true);
    setErrors({});
    setRescheduled(undefined);
    try {
      const saved = await settingsApi.saveAutomation({ ...form, timeZone: form.timeZone?.trim() || null });
      setRescheduled(saved.rescheduledSteps);
      toast.success('Settings saved successfully!');
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      toast.error(Object.keys(fields).length > 0 ? 'Failed to save settings.' : `Failed to save settings. ${messageOf(error, '')}`.trim());
    } finally {
      setSaving(false);
    }
  };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Send window and daily cap
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          Automated emails go out only inside this window, on these days, and never more than the cap per day. Steps due outside it wait for the next window; changing it moves the steps already scheduled.
        </Typography>
        {saved.load.status !== 'loaded' ? (
          <SavedSettingsPending load={saved.load} retry={saved.retry} />
        ) : (
          <Stack spacing={2}>
            {/* One above the other on a phone, where side by side their labels were cut to 'Window starts (...'. */}
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField label="Window starts (hour)" type="number" size="small" value={form.sendWindowStartHour ?? ''} onChange={number('sendWindowStartHour')} error={Boolean(errors.sendWindowStartHour)} helperText={errors.sendWindowStartHour} slotProps={{ htmlInput: { min: 0, max: 23, inputMode: 'numeric' } }} />
              <TextField label="Window ends (hour)" type="number" size="small" value={form.sendWindowEndHour ?? ''} onChange={number('sendWindowEndHour')} error={Boolean(errors.sendWindowEndHour)} helperText={errors.sendWindowEndHour} slotProps={{ htmlInput: { min: 1, max: 24, inputMode: 'numeric' } }} />
            </Stack>
            <Box role="group" aria-label="Send days">
              {dayNames.map((name, index) => (
                <FormControlLabel key={name} control={<Checkbox size="small" checked={form.sendDays.includes(index + 1)} onChange={() => toggleDay(index + 1)} />} label={name} />
              ))}
              {errors.sendDays && <FormHelperText error>{errors.sendDays}</FormHelperText>}
            </Box>
            <TextField
              label="Time zone"
              size="small"
              placeholder="America/Chicago"
              error={Boolean(errors.timeZone)}
              helperText={errors.timeZone ?? "Leave empty to use each bank's own state's time zone."}
              value={form.timeZone ?? ''}
              onChange={(event) => setForm((current) => ({ ...current, timeZone: event.target.value }))}
            />
            <TextField label="Daily send cap" type="number" size="small" value={form.dailySendCap ?? ''} onChange={number('dailySendCap')} error={Boolean(errors.dailySendCap)} helperText={errors.dailySendCap} slotProps={{ htmlInput: { min: 1, inputMode: 'numeric' } }} sx={{ maxWidth: 200 }} />
            <Box>
              <Button variant="contained" startIcon={<SaveIcon />} onClick={save} disabled={saving}>
                Save Automation Settings
              </Button>
            </Box>
            {rescheduled !== undefined && (
              <Alert severity="info" role="status" onClose={() => setRescheduled(undefined)}>
                {rescheduled === 0
                  ? 'No scheduled step had to move for the new send window.'
                  : `${countOf(rescheduled, 'scheduled step')} moved to the first time the new send window allows (never before its workflow day).`}
              </Alert>
            )}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

/** Addresses shown on one page of the Do Not Contact list. */
const doNotContactPageSize = 25;

function DoNotContactCard() {
  const toast = useToast();
  const [list, setList] = useState<{ rows: Suppression[]; total: number } | undefined>();
  const [search, setSearch] = useState('');
  const searched = useDebounced(search.trim());
  const [page, setPage] = useState(1);
  const [reloads, setReloads] = useState(0);
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const load = useCallback(() => setReloads((count) => count + 1), []);
  useEffect(() => setPage(1), [searched]);
  useEffect(() => {
    const request = new AbortController();
    settingsApi.suppressionPage({ search: searched, page, perPage: doNotContactPageSize }, request.signal).then(
      (answer) => {
        // a page emptied by a removal shows the last page there is
        const lastPage = Math.max(1, Math.ceil(answer.total / doNotContactPageSize));
        if (page > lastPage) setPage(lastPage);
        else setList(answer);
      },
      (error: Error) => {
        if (error.name !== 'AbortError') toast.error(error.message);
      },
    );
    return () => request.abort();
  }, [searched, page, reloads, toast]);
  const pages = list ? Math.ceil(list.total / doNotContactPageSize) : 0;
  const add = async () => {
    setEmailError(undefined);
    try {
      await settingsApi.suppress(email);
      setEmail('');
      toast.success(`${email} will not be contacted.`);
    } catch (error) {
      // A refused address is said under the field, in words, not as 'email: ...'.
      const refused = fieldErrorsOf(error).email;
      setEmailError(refused);
      if (!refused) toast.error(messageOf(error, 'Failed to add the address.'));
    } finally {
      load();
    }
  };
  // Removing is asked first: the list is what keeps mail from people who asked for none.
  const [removing, setRemoving] = useState<Suppression | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (row: Suppression) => {
    setBusy(true);
    try {
      await settingsApi.unsuppress(row.email);
      toast.success(`${row.email} removed from Do Not Contact.`);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'Failed to remove the address.');
    } finally {
      setBusy(false);
      setRemoving(null);
      load();
    }
  };
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          Do Not Contact
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          No email is sent to these addresses, by automation or by hand. People who unsubscribe are added here.
        </Typography>
        {/* a form of its own, so Enter in the field adds the address as the button does */}
        <Stack
          direction="row"
          spacing={1}
          sx={{ mb: 1, alignItems: 'flex-start' }}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            if (email.trim()) void add();
          }}
        >
          <TextField label="Email address" size="small" fullWidth value={email} onChange={(event) => setEmail(event.target.value)} error={Boolean(emailError)} helperText={emailError} />
          <Button type="submit" variant="outlined" disabled={!email.trim()}>
            Add
          </Button>
        </Stack>
        <TextField
          label="Search addresses"
          type="search"
          size="small"
          fullWidth
          sx={{ mt: 1 }}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        {list && (
          <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} data-testid="do-not-contact-total">
            {countOf(list.total, 'address', 'addresses')} {searched ? `${list.total === 1 ? 'matches' : 'match'} “${searched}”` : 'on the list'}
          </Typography>
        )}
        {list && list.total === 0 && <Alert severity="info">{searched ? 'No address on the list matches your search.' : 'Nobody is on the list.'}</Alert>}
        <List dense aria-label="Do Not Contact list">
          {list?.rows.map((row) => (
            <ListItem
              key={row.email}
              secondaryAction={
                <IconButton edge="end" size="small" aria-label={`Remove ${row.email}`} onClick={() => setRemoving(row)}>
                  <DeleteIcon fontSize="small" />
                </IconButton>
              }
            >
              <ListItemText primary={row.email} secondary={`${doNotContactLabels[row.reason]} · ${formatLocalDay(row.createdAt)}`} />
            </ListItem>
          ))}
        </List>
        {pages > 1 && <Pagination count={pages} page={page} onChange={(_, chosen) => setPage(chosen)} size="small" aria-label="Do Not Contact pages" />}
        <ConfirmDialog
          open={removing !== null}
          title="Remove from Do Not Contact?"
          body={removing && <RemovalWarning row={removing} />}
          confirmText="Remove"
          destructive
          busy={busy}
          onCancel={() => setRemoving(null)}
          onConfirm={() => removing && void remove(removing)}
        />
      </CardContent>
    </Card>
  );
}

/** What removing an address lets happen, and why it is on the list; stronger for people who asked for no mail. */
function RemovalWarning({ row }: { row: Suppression }) {
  const askedForNone = row.reason === 'unsubscribed' || row.reason === 'complained';
  return (
    <Stack spacing={1.5}>
      <Typography variant="body2">
        Email, by automation and by hand, can go to <strong>{row.email}</strong> again. It is on the list because {whyOnDoNotContact(row.reason)} ({formatLocalDay(row.createdAt)}).
      </Typography>
      {askedForNone && <Alert severity="warning">Remove it only if they have asked to hear from you again: mailing someone who asked for no mail breaks anti-spam law.</Alert>}
    </Stack>
  );
}

/** Automation: the send window, days, time zone and daily cap, and the Do Not Contact list. */
export function AutomationTab() {
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, md: 6 }}>
        <SendWindowCard />
      </Grid>
      <Grid size={{ xs: 12, md: 6 }}>
        <DoNotContactCard />
      </Grid>
    </Grid>
  );
}
