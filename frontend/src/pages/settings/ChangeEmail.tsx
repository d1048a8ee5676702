import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { accountEmail } from '../../../../domain/account-email.ts';
import { saveSession } from '../../providers/session.ts';
import { PasswordField, serverRefusal } from './accountForm.tsx';
import { settingsApi } from './settingsApi.ts';

type Field = 'newEmail' | 'currentPassword';
type FieldErrors = Partial<Record<Field, string>>;

const emptyFields: Record<Field, string> = { newEmail: '', currentPassword: '' };

/** What is wrong with each field before anything is sent: the email judged as sign-up judges it, and different from the current one. */
function fieldErrors({ newEmail, currentPassword }: Record<Field, string>, email: string): FieldErrors {
  const errors: FieldErrors = {};
  const rule = accountEmail.safeParse(newEmail);
  if (!newEmail.trim()) errors.newEmail = 'Enter your new email address.';
  else if (!rule.success) errors.newEmail = rule.error.issues[0]?.message;
  else if (rule.data === email) errors.newEmail = 'Your new email must be different from your current one.';
  if (!currentPassword) errors.currentPassword = 'Enter your current password.';
  return errors;
}

/**
 * Changing the email one signs in with: the new address and the current password. The server answers
 * the updated user and a new token for this session, both kept, so this tab stays signed in and shows
 * the new address at once (`onChanged` lets the app's identity follow).
 */
export function ChangeEmail({ email, onChanged }: { email: string; onChanged: () => void }) {
  const [fields, setFields] = useState(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changedTo, setChangedTo] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const edit = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setChangedTo(null);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = fieldErrors(fields, email);
    setErrors(found);
    setFailure(null);
    setChangedTo(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { token, user } = await settingsApi.changeEmail(fields.currentPassword, fields.newEmail);
      saveSession(token, { id: user.id, name: user.name, email: user.email });
      setFields(emptyFields);
      setChangedTo(user.email);
      onChanged();
    } catch (refusal) {
      const { fields: refusedFields, general } = serverRefusal(refusal, ['newEmail', 'currentPassword'], 'Failed to change your email.');
      setErrors(refusedFields);
      setFailure(general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="change-email-title" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="change-email-title" gutterBottom>
        Change email
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        You sign in as <strong>{email}</strong>. After the change you sign in with the new address; you stay signed in here and elsewhere.
      </Typography>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {changedTo && (
          <Alert severity="success" role="status">
            Your email was changed. Sign in with {changedTo} from now on.
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <TextField
          label="New email"
          type="email"
          autoComplete="email"
          value={fields.newEmail}
          onChange={(event) => edit('newEmail')(event.target.value)}
          error={Boolean(errors.newEmail)}
          helperText={errors.newEmail}
          required
          fullWidth
        />
        <PasswordField label="Current password" autoComplete="current-password" value={fields.currentPassword} error={errors.currentPassword} onChange={edit('currentPassword')} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Changing…' : 'Change email'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
