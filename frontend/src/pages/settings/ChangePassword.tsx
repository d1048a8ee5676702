import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Stack, Typography } from '@mui/material';
import { saveSession } from '../../providers/session.ts';
import { newPasswordErrors, PasswordField, serverRefusal } from './accountForm.tsx';
import { settingsApi } from './settingsApi.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmation';
type FieldErrors = Partial<Record<Field, string>>;

const emptyFields: Record<Field, string> = { currentPassword: '', newPassword: '', confirmation: '' };

/** What is wrong with each field before anything is sent: the same rules the server applies, and a confirmation that matches. */
function fieldErrors({ currentPassword, newPassword, confirmation }: Record<Field, string>): FieldErrors {
  const errors: FieldErrors = newPasswordErrors(newPassword, confirmation);
  if (!currentPassword) errors.currentPassword = 'Enter your current password.';
  if (!errors.newPassword && newPassword === currentPassword) errors.newPassword = 'Your new password must be different from your current one.';
  return errors;
}

/**
 * Changing one's password: the current one, the new one twice. The server signs out every other
 * session and answers a new token for this one, which is kept, so this tab stays signed in.
 */
export function ChangePassword({ email }: { email: string }) {
  const [fields, setFields] = useState(emptyFields);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [changed, setChanged] = useState(false);
  const [busy, setBusy] = useState(false);

  const edit = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
    setChanged(false);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = fieldErrors(fields);
    setErrors(found);
    setFailure(null);
    setChanged(false);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      const { token, user } = await settingsApi.changePassword(fields.currentPassword, fields.newPassword);
      saveSession(token, { id: user.id, name: user.name, email: user.email });
      setFields(emptyFields);
      setChanged(true);
    } catch (refusal) {
      const { fields: refusedFields, general } = serverRefusal(refusal, ['currentPassword', 'newPassword'], 'Failed to change your password.');
      setErrors(refusedFields);
      setFailure(general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Box component="form" onSubmit={submit} noValidate aria-labelledby="change-password-title" sx={{ mb: 4 }}>
      <Typography variant="h6" component="h2" id="change-password-title" gutterBottom>
        Change password
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Changing it signs out every other session of yours; this one stays signed in, and your API keys keep working.
      </Typography>
      {/* Tells password managers which account the new password belongs to. */}
      <input type="text" name="username" autoComplete="username" value={email} readOnly hidden />
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {changed && (
          <Alert severity="success" role="status">
            Your password was changed. Other sessions were signed out.
          </Alert>
        )}
        {failure && (
          <Alert severity="error" role="alert">
            {failure}
          </Alert>
        )}
        <PasswordField label="Current password" autoComplete="current-password" value={fields.currentPassword} error={errors.currentPassword} onChange={edit('currentPassword')} />
        <PasswordField label="New password" autoComplete="new-password" value={fields.newPassword} error={errors.newPassword} helperText="At least 8 characters." onChange={edit('newPassword')} />
        <PasswordField label="Confirm new password" autoComplete="new-password" value={fields.confirmation} error={errors.confirmation} onChange={edit('confirmation')} />
        <Box>
          <Button type="submit" variant="contained" disabled={busy}>
            {busy ? 'Changing…' : 'Change password'}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
