import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, CircularProgress, Link, Stack } from '@mui/material';
import { LinkBase } from 'react-admin';
import { useSearchParams } from 'react-router';
import { ApiError, apiJson } from '../../providers/http.ts';
import { readToken, readUser } from '../../providers/session.ts';
import { newPasswordErrors, PasswordField, serverRefusal } from '../settings/accountForm.tsx';
import { AuthCard } from './AuthCard.tsx';
import { useSignIn } from './useSignIn.ts';

type Field = 'newPassword' | 'confirmation';

const invalidLink = 'This reset link is invalid or has expired. Ask for a new one.';

/**
 * What the link is found to be on opening: still working, for the account with `email`; refused
 * (cut short by a mail client, used, replaced, expired, or no token at all) with the server's reason;
 * or not known, when the server could not be asked (the form is offered: setting the password says).
 */
type LinkState = { state: 'checking' } | { state: 'works'; email?: string } | { state: 'refused'; reason: string };

/**
 * The screen a reset link opens (`#/reset-password?token=...`): a new password twice, judged as the
 * Change password form judges them. The server ends every earlier session and signs this one in.
 * The link is checked first, so a link that cannot work says so before a password is typed.
 */
export default function ResetPassword() {
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const login = useSignIn();
  const [link, setLink] = useState<LinkState>(token ? { state: 'checking' } : { state: 'refused', reason: invalidLink });
  const [fields, setFields] = useState<Record<Field, string>>({ newPassword: '', confirmation: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  // Another account signed in in this browser: setting the password replaces its session with the link's.
  const signedInAs = readToken() ? readUser()?.email : undefined;

  useEffect(() => {
    if (!token) return;
    apiJson<{ email: string }>('/api/auth/password-reset/check', { method: 'POST', body: { token }, skipAuthError: true }).then(
      (answer) => setLink({ state: 'works', email: answer.email }),
      (refusal: unknown) => setLink(refusal instanceof ApiError && refusal.status === 400 ? { state: 'refused', reason: refusal.message } : { state: 'works' }),
    );
  }, [token]);

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

  const email = link.state === 'works' ? link.email : undefined;
  const otherAccount = email && signedInAs && signedInAs !== email ? signedInAs : undefined;
  return (
    <AuthCard
      title="Choose a new password"
      subtitle={email ? `For ${email}. Setting it signs out every other session of yours.` : 'Setting it signs out every other session of yours.'}
      footer={
        <>
          Link not working?{' '}
          <Link component={LinkBase} to="/forgot-password">
            Ask for a new one
          </Link>
        </>
      }
    >
      {link.state === 'checking' ? (
        <Stack sx={{ alignItems: 'center' }}>
          <CircularProgress aria-label="Checking the link" />
        </Stack>
      ) : link.state === 'refused' ? (
        <Alert severity="error" role="alert">
          {link.reason}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Choose a new password">
          <Stack spacing={2}>
            {otherAccount && (
              <Alert severity="info" role="status">
                You are signed in as {otherAccount}. Setting this password signs you out of that account here and in as {email}.
              </Alert>
            )}
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
      )}
    </AuthCard>
  );
}
