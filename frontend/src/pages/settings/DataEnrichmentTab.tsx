import { useState, type ReactNode } from 'react';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Grid, MenuItem, Stack, TextField, Typography } from '@mui/material';
import SaveIcon from '@mui/icons-material/Save';
import { useToast } from '../../ui/Toast.tsx';
import { mailgunRegions, settingsApi, type ConnectionTest, type MailgunRegion, type ServiceSettings } from './settingsApi.ts';
import { SavedSettingsPending, useSavedSettings } from './SavedSettings.tsx';

type Form = { hunterApiKey: string; mailgunApiKey: string; mailgunDomain: string; mailgunRegion: MailgunRegion; mailgunWebhookSigningKey: string };
const emptyForm: Form = { hunterApiKey: '', mailgunApiKey: '', mailgunDomain: '', mailgunRegion: 'US', mailgunWebhookSigningKey: '' };

const formOf = (settings: ServiceSettings): Form => ({
  hunterApiKey: settings.hunterApiKey ?? '',
  mailgunApiKey: settings.mailgunApiKey ?? '',
  mailgunDomain: settings.mailgunDomain ?? '',
  mailgunRegion: settings.mailgunRegion ?? 'US',
  mailgunWebhookSigningKey: settings.mailgunWebhookSigningKey ?? '',
});

const secretLabels: Record<NonNullable<ServiceSettings['unreadableSecrets']>[number], string> = {
  hunterApiKey: 'Hunter.io API key',
  mailgunApiKey: 'Mailgun API key',
  mailgunWebhookSigningKey: 'Mailgun webhook signing key',
};

/** Keys saved before the server's secrets key changed (a new server or container without the old one) cannot be opened: the user enters them again. */
function UnreadableKeysNotice({ fields }: { fields: NonNullable<ServiceSettings['unreadableSecrets']> }) {
  if (fields.length === 0) return null;
  const one = fields.length === 1;
  const labels = fields.map((field) => secretLabels[field]);
  const named = one ? labels[0] : `${labels.slice(0, -1).join(', ')} and ${labels[labels.length - 1]}`;
  return (
    <Alert severity="warning" data-testid="unreadable-keys">
      Your saved {named} can no longer be read: this server&rsquo;s secrets key is not the one {one ? 'it was' : 'they were'} saved
      with. Enter {one ? 'it' : 'them'} again below and save, or ask whoever runs Charterline to give the server its old secrets key (SECRETS_KEY, or the secrets.key file of its
      data folder).
    </Alert>
  );
}

function ServiceCard({ title, subtitle, children, onTest, result, testing }: { title: string; subtitle: string; children: ReactNode; onTest: () => void; result: ConnectionTest | null; testing: boolean }) {
  return (
    <Card variant="outlined" sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 700 }}>
          {title}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {subtitle}
        </Typography>
        <Stack spacing={2}>
          {children}
          <Box>
            <Button variant="outlined" onClick={onTest} disabled={testing} startIcon={testing ? <CircularProgress size={16} /> : undefined}>
              Test Connection
            </Button>
          </Box>
          {result && (
            <Alert severity={result.success ? 'success' : 'error'} data-testid={`${title.toLowerCase().replace(/\W+/g, '-')}-test-result`}>
              {result.message}
            </Alert>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * Data Enrichment: the user's keys for the contact-email finder (Hunter.io) and the email-sending
 * service (Mailgun: key, sending domain, region US or EU). Stored keys come back masked; leaving a
 * masked key as it is keeps it. Each service can be tested with what the form holds, before saving.
 */
export function DataEnrichmentTab() {
  const toast = useToast();
  const [form, setForm] = useState<Form>(emptyForm);
  const [unreadable, setUnreadable] = useState<NonNullable<ServiceSettings['unreadableSecrets']>>([]);
  const saved = useSavedSettings((settings) => {
    setForm(formOf(settings));
    setUnreadable(settings.unreadableSecrets ?? []);
  });
  const [saving, setSaving] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<keyof Form, string>>>({});
  const [hunterTest, setHunterTest] = useState<{ testing: boolean; result: ConnectionTest | null }>({ testing: false, result: null });
  const [mailgunTest, setMailgunTest] = useState<{ testing: boolean; result: ConnectionTest | null }>({ testing: false, result: null });

  const set = <Field extends keyof Form>(field: Field, value: Form[Field]) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const save = async () => {
    setSaving(true);
    try {
      const saved = await settingsApi.save(form);
      setForm(formOf(saved));
      setUnreadable(saved.unreadableSecrets ?? []);
      setErrors({});
      toast.success('Settings saved successfully!');
    } catch (error) {
      const issues = (error as { body?: { issues?: Array<{ path: string; message: string }> } }).body?.issues ?? [];
      setErrors(Object.fromEntries(issues.map((issue) => [issue.path, issue.message])));
      toast.error('Failed to save settings.');
    } finally {
      setSaving(false);
    }
  };

  if (saved.load.status !== 'loaded') return <SavedSettingsPending load={saved.load} retry={saved.retry} />;
  return (
    <Stack spacing={3}>
      <UnreadableKeysNotice fields={unreadable} />
      <Grid container spacing={2}>
        <Grid size={{ xs: 12, md: 6 }}>
          <ServiceCard
            title="Hunter.io"
            subtitle="Finds people and their work emails at a bank's domain, and checks whether an email address is deliverable."
            testing={hunterTest.testing}
            result={hunterTest.result}
            onTest={async () => {
              setHunterTest({ testing: true, result: null });
              setHunterTest({ testing: false, result: await settingsApi.testHunter(form.hunterApiKey) });
            }}
          >
            <TextField
              label="API Key"
              type="password"
              autoComplete="off"
              value={form.hunterApiKey}
              onChange={(event) => set('hunterApiKey', event.target.value)}
              error={Boolean(errors.hunterApiKey)}
              helperText={errors.hunterApiKey ?? 'From your Hunter.io dashboard, under API.'}
            />
          </ServiceCard>
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <ServiceCard
            title="Mailgun"
            subtitle="Sends your outreach emails from your own domain."
            testing={mailgunTest.testing}
            result={mailgunTest.result}
            onTest={async () => {
              setMailgunTest({ testing: true, result: null });
              setMailgunTest({ testing: false, result: await settingsApi.testMailgun(form) });
            }}
          >
            <TextField
              label="API Key"
              type="password"
              autoComplete="off"
              value={form.mailgunApiKey}
              onChange={(event) => set('mailgunApiKey', event.target.value)}
              error={Boolean(errors.mailgunApiKey)}
              helperText={errors.mailgunApiKey}
            />
            <TextField
              label="Sending Domain"
              placeholder="mg.yourcompany.com"
              value={form.mailgunDomain}
              onChange={(event) => set('mailgunDomain', event.target.value)}
              error={Boolean(errors.mailgunDomain)}
              helperText={errors.mailgunDomain}
            />
            <TextField select label="API Region" value={form.mailgunRegion} onChange={(event) => set('mailgunRegion', event.target.value as MailgunRegion)} error={Boolean(errors.mailgunRegion)} helperText={errors.mailgunRegion}>
              {mailgunRegions.map((region) => (
                <MenuItem key={region} value={region}>
                  {region}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label="Webhook Signing Key"
              type="password"
              autoComplete="off"
              value={form.mailgunWebhookSigningKey}
              onChange={(event) => set('mailgunWebhookSigningKey', event.target.value)}
              error={Boolean(errors.mailgunWebhookSigningKey)}
              helperText={errors.mailgunWebhookSigningKey ?? `From Mailgun's Webhooks page. Point the failed, complained and unsubscribed webhooks at ${window.location.origin}/api/public/mailgun/events: bounces and complaints then stop automation and join Do Not Contact.`}
            />
            <Alert severity="info" variant="outlined">
              New Mailgun accounts are in sandbox mode: they can only send to authorized recipients until the domain is verified.
            </Alert>
          </ServiceCard>
        </Grid>
      </Grid>
      <Box>
        <Button variant="contained" startIcon={saving ? <CircularProgress size={16} /> : <SaveIcon />} disabled={saving} onClick={save}>
          Save API Keys
        </Button>
      </Box>
    </Stack>
  );
}
