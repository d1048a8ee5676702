import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Box, Button, CircularProgress, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { useDataProvider, useGetList } from 'react-admin';
import { Modal, ModalActions } from '../../ui/Modal.tsx';
import { TagInput } from '../../ui/TagInput.tsx';
import { useToast } from '../../ui/Toast.tsx';
import { webAddressInput } from '../../ui/webAddressInput.ts';
import { ConflictNotice } from '../shared/ConflictNotice.tsx';
import { fieldErrorsOf, messageOf, reasonOf } from '../shared/problem.ts';
import { useSaveConflict } from '../shared/useSaveConflict.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { targetsApi } from '../targets/api.ts';
import { useContactHistory } from './history.ts';
import type { TrackedBank } from '../targets/types.ts';
import { contactsApi, type EmailCheck } from './api.ts';
import { contactPayload, draftOf, emptyContactDraft, validateContactDraft, withScheme, type ContactFieldErrors } from './form.ts';
import type { Contact, ContactDraft } from './types.ts';
import { verificationLook } from './verification.ts';

type LinkedinState = { status: 'idle' } | { status: 'checking' } | { status: 'valid'; url: string } | { status: 'invalid'; url: string } | { status: 'unchecked'; reason: string };
type EmailState = { status: 'idle' } | { status: 'checking' } | { status: 'checked'; email: string; check: EmailCheck };

/** What the form saves of a contact nobody changed. */
const savedOf = (contact: Contact) => contactPayload(draftOf(contact), null);

const INVALID_LINKEDIN = 'The provided LinkedIn URL is not valid.';

/** Under the LinkedIn field: a page found, or, when LinkedIn could not be asked, that the address stays as typed. */
function linkedinHelperText(linkedin: LinkedinState): string | undefined {
  if (linkedin.status === 'valid') return 'LinkedIn page found.';
  if (linkedin.status === 'unchecked') return `${linkedin.reason} The address is kept as typed, unchecked.`;
  return undefined;
}

/** Title of the contact form: editing, adding for a given bank, or adding with a bank to choose. */
export function contactFormTitle(contact: Contact | null | undefined, bank: { name: string } | null | undefined): string {
  if (contact) return 'Edit Contact';
  return bank ? `Add Contact for ${bank.name}` : 'Add New Contact';
}

/**
 * The one contact form (add and edit), for any screen: Targets, the bank detail, the Directory, the
 * Contacts list. With a bank given the bank is fixed; without one the user picks a tracked bank.
 * The email can be checked (the result is saved with the contact) and the LinkedIn URL verified (a
 * URL found invalid blocks saving; a redirect's final URL replaces it). A failed save keeps every
 * field as typed.
 */
export function ContactFormDialog({
  open,
  onClose,
  bank,
  contact,
  initial,
  onSaved,
}: {
  open: boolean;
  onClose: () => void;
  bank?: { cert: number; name: string } | null;
  contact?: Contact | null;
  /** Fields to start a new contact with (a person found by the contact search). */
  initial?: Partial<ContactDraft> | null;
  onSaved?: (contact: Contact) => void;
}) {
  const dataProvider = useDataProvider();
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const bankChoice = !contact && !bank;
  const banks = useGetList<TrackedBank>(
    'banks',
    { filter: { isTarget: true }, pagination: { page: 1, perPage: 500 }, sort: { field: 'name', order: 'ASC' } },
    { enabled: open && bankChoice },
  );
  const startingDraft = (): ContactDraft => (contact ? draftOf(contact) : { ...emptyContactDraft(bank?.cert ?? null), ...initial });
  const [draft, setDraft] = useState<ContactDraft>(startingDraft);
  const [errors, setErrors] = useState<ContactFieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [linkedin, setLinkedin] = useState<LinkedinState>({ status: 'idle' });
  const [emailCheck, setEmailCheck] = useState<EmailState>({ status: 'idle' });
  // Whether the user changed a field since the form opened (or was reloaded): closing then asks first.
  const [edited, setEdited] = useState(false);
  const { opened, conflict, openOn, caught, adopt, overwrite, toSave } = useSaveConflict<Contact, Record<string, unknown>>('contacts', savedOf, contact ?? null);

  // A fresh form each time the dialog opens (or opens on another contact).
  useEffect(() => {
    if (!open) return;
    setDraft(startingDraft());
    setErrors({});
    setFormError(null);
    setLinkedin({ status: 'idle' });
    setEmailCheck({ status: 'idle' });
    setEdited(false);
    openOn(contact ?? null);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new opening, not every render's draft builder
  }, [open, contact, bank?.cert, initial]);

  // The first tracked bank is proposed when the user has to choose one.
  useEffect(() => {
    if (bankChoice && draft.bankId === null && banks.data?.length) setDraft((current) => ({ ...current, bankId: banks.data![0].cert }));
  }, [bankChoice, draft.bankId, banks.data]);

  const set = <Field extends keyof ContactDraft>(field: Field, value: ContactDraft[Field]) => {
    setDraft((current) => ({ ...current, [field]: value }));
    setEdited(true);
    setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'linkedinUrl') setLinkedin({ status: 'idle' });
    if (field === 'email') setEmailCheck({ status: 'idle' });
  };

  const bankName = bank?.name ?? banks.data?.find((candidate) => candidate.cert === draft.bankId)?.name ?? contact?.bankName ?? null;

  const checkLinkedin = async () => {
    const url = withScheme(draft.linkedinUrl);
    if (!url) return;
    setLinkedin({ status: 'checking' });
    try {
      const answer = await targetsApi.verifyLinkedin(url);
      if (answer.isValid) {
        const finalUrl = answer.finalUrl || url;
        setDraft((current) => ({ ...current, linkedinUrl: finalUrl }));
        setLinkedin({ status: 'valid', url: finalUrl });
      } else if (!answer.checked) {
        setLinkedin({ status: 'unchecked', reason: answer.reason });
      } else {
        setLinkedin({ status: 'invalid', url });
        setErrors((current) => ({ ...current, linkedinUrl: INVALID_LINKEDIN }));
      }
    } catch (error) {
      setLinkedin({ status: 'idle' });
      toast.error(`The LinkedIn URL could not be checked. ${messageOf(error, '')}`.trim());
    }
  };

  const checkEmail = async () => {
    const email = draft.email.trim();
    if (!email) return;
    setEmailCheck({ status: 'checking' });
    try {
      const check = await contactsApi.verifyEmail(email);
      if (!check?.result) {
        setEmailCheck({ status: 'idle' });
        toast.error('Empty response from verification service.');
        return;
      }
      setEmailCheck({ status: 'checked', email, check: { result: check.result, score: check.score } });
      toast.info(`Verification result: ${check.result}.`);
    } catch (error) {
      setEmailCheck({ status: 'idle' });
      toast.error(`Failed to verify email for ${draft.name.trim() || email}. ${messageOf(error, '')}`.trim());
    }
  };

  const save = async (previous: Contact | undefined) => {
    const fieldErrors = validateContactDraft(draft, { bankRequired: bankChoice });
    if (linkedin.status === 'invalid' && linkedin.url === withScheme(draft.linkedinUrl)) fieldErrors.linkedinUrl = INVALID_LINKEDIN;
    setErrors(fieldErrors);
    if (Object.values(fieldErrors).some(Boolean)) return;
    const payload = toSave(previous ?? null, contactPayload(draft, contact ? null : bankName));
    const checked = emailCheck.status === 'checked' && emailCheck.email === draft.email.trim() ? emailCheck.check : null;
    setSaving(true);
    setFormError(null);
    try {
      let saved: Contact;
      if (contact && previous) {
        saved = (await dataProvider.update<Contact>('contacts', { id: contact.id, data: payload, previousData: previous })).data;
        if (checked) saved = await contactsApi.recordVerification(saved.id, { result: checked.result, score: checked.score });
        toast.success('Contact updated.');
      } else {
        const data = checked ? { ...payload, verification: { result: checked.result, score: checked.score } } : payload;
        saved = (await dataProvider.create<Contact>('contacts', { data })).data;
        toast.success(`${saved.name} added as a contact.`);
      }
      await refresh('contacts');
      onSaved?.(saved);
      onClose();
    } catch (refusal) {
      const error = contact && previous ? await caught(refusal, previous) : refusal;
      if (error !== null) {
        const fieldErrors = fieldErrorsOf(error) as ContactFieldErrors;
        setErrors(fieldErrors);
        // A message shows once: under its field where the form has that field, in the alert otherwise.
        const shown = new Set<string>(['name', 'title', 'email', 'linkedinUrl', ...(bankChoice ? ['bankId'] : [])]);
        const elsewhere = Object.entries(fieldErrors).flatMap(([field, message]) => (shown.has(field) ? [] : [message]));
        const underFields = Object.keys(fieldErrors).length > elsewhere.length;
        const updateFailure = elsewhere.length > 0 ? elsewhere.join(' ') : underFields ? 'Failed to update contact.' : reasonOf(error, 'Failed to update contact.');
        setFormError(contact ? updateFailure : 'Failed to add contact.');
        if (!contact) toast.error(`Failed to add contact. ${reasonOf(error, '')}`.trim());
      }
    } finally {
      setSaving(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    void save(opened ?? undefined);
  };

  const emailResult = emailCheck.status === 'checked' ? verificationLook({ result: emailCheck.check.result, score: emailCheck.check.score }) : null;

  return (
    <Modal
      open={open}
      onClose={onClose}
      maxWidth="sm"
      title={contactFormTitle(contact, bank)}
      unsavedChanges={edited}
      footer={<ModalActions busy={saving} label={contact ? 'Save Contact' : 'Add Contact'} form="contact-form" disabled={conflict !== null} />}
    >
      <Box component="form" id="contact-form" noValidate onSubmit={submit}>
        <Stack spacing={2}>
          {conflict && (
            <ConflictNotice
              changes={conflict.changes}
              useReading={useContactHistory}
              busy={saving}
              onReload={() => {
                setDraft(draftOf(adopt()));
                setEdited(false);
              }}
              onOverwrite={() => void save(overwrite())}
            />
          )}
          {formError && <Alert severity="error">{formError}</Alert>}
          {bankChoice && (
            <TextField
              select
              label="Bank"
              required
              value={draft.bankId ?? ''}
              onChange={(event) => set('bankId', Number(event.target.value) || null)}
              error={Boolean(errors.bankId)}
              helperText={errors.bankId ?? (banks.data?.length === 0 ? 'Mark a bank as a target first: contacts belong to tracked banks.' : undefined)}
            >
              {(banks.data ?? []).map((option) => (
                <MenuItem key={option.cert} value={option.cert}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
          )}
          <TextField label="Full Name" required autoFocus value={draft.name} onChange={(event) => set('name', event.target.value)} error={Boolean(errors.name)} helperText={errors.name} />
          <TextField label="Job Title" required value={draft.title} onChange={(event) => set('title', event.target.value)} error={Boolean(errors.title)} helperText={errors.title} />
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="Email"
              type="email"
              fullWidth
              value={draft.email}
              onChange={(event) => set('email', event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email ?? (emailResult && emailCheck.status === 'checked' ? `${emailResult.label}${emailCheck.check.score === null ? '' : ` (score ${emailCheck.check.score})`}` : undefined)}
            />
            <Button variant="outlined" onClick={checkEmail} disabled={!draft.email.trim() || emailCheck.status === 'checking'} sx={{ mt: 1, flexShrink: 0 }}>
              {emailCheck.status === 'checking' ? <CircularProgress size={18} /> : 'Verify'}
            </Button>
          </Stack>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
            <TextField
              label="LinkedIn URL"
              fullWidth
              value={draft.linkedinUrl}
              onChange={(event) => set('linkedinUrl', event.target.value)}
              error={Boolean(errors.linkedinUrl)}
              helperText={errors.linkedinUrl ?? linkedinHelperText(linkedin)}
              placeholder="https://www.linkedin.com/in/name"
              slotProps={{ htmlInput: webAddressInput }}
            />
            <Button variant="outlined" onClick={checkLinkedin} disabled={!draft.linkedinUrl.trim() || linkedin.status === 'checking'} sx={{ mt: 1, flexShrink: 0 }}>
              {linkedin.status === 'checking' ? <CircularProgress size={18} /> : 'Check'}
            </Button>
          </Stack>
          <Box>
            <Typography variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
              Tags
            </Typography>
            <TagInput value={draft.tags} onChange={(tags) => set('tags', tags)} />
          </Box>
        </Stack>
      </Box>
    </Modal>
  );
}
