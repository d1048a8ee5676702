import { useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import { LinkBase } from 'react-admin';
import { useSearchParams } from 'react-router';
import { newPasswordErrors, PasswordField, serverRefusal } from '../settings/accountForm.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useSignIn } from './useSignIn.ts';

type Field = 'newPassword' | 'confirmation';

/**
 * The screen a reset link opens (`#/reset-password?token=...`): a new password twice, judged as the
 * Change password form judges them. The server ends every earlier session and signs this one in.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const login = useSignIn();
  const [fields, setFields] = useState<Record<Field, string>>({ newPassword: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(token ? null : 'This reset link is invalid or has expired. Ask for a new one.');
  const [busy, setBusy] = useState(false);

  const edit = (field: Field) => (value: string) => {
    setFields((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const found = newPasswordErrors(fields.newPassword, fields.confirmation);
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    setBusy(true);
    try {
      await login({ resetToken: token, newPassword: fields.newPassword });
    } catch (refusal) {
      const { fields: refused, general } = serverRefusal(refusal, ['newPassword'], 'Failed to set your new password.');
      setErrors(refused);
      setFailure(general);
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Choose a new password"
      subtitle="Setting it signs out every other session of yours."
      footer={
        <>
          Link not working?{' '}
          <Link component={LinkBase} to="/forgot-password">
            Ask for a new one
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate aria-label="Choose a new password">
        <Stack spacing={2}>
          {failure && (
            <Alert severity="error" role="alert">
              {failure}
            </Alert>
          )}
          <PasswordField label="New password" autoComplete="new-password" value={fields.newPassword} error={errors.newPassword} helperText="At least 8 characters." onChange={edit('newPassword')} />
          <PasswordField label="Confirm new password" autoComplete="new-password" value={fields.confirmation} error={errors.confirmation} onChange={edit('confirmation')} />
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Saving...' : 'Set new password'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
