import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { LinkBase } from 'react-admin';
import { apiJson } from '../../providers/http.ts';
import { serverRefusal } from '../settings/accountForm.tsx';
import { AuthCard } from './AuthCard.tsx';

/**
 * Focuses the answer when it replaces the form: the focused button is gone, and a status that appears
 * with its text already in it is not read out by every screen reader. Stable, so React calls it once.
 */
const focusOnShow = (shown: HTMLDivElement | null) => shown?.focus();

/**
 * "Forgot your password?": an email, and the server mails a reset link when an account uses it. The
 * answer is the same either way, so the screen never says whether the account exists. A server that
 * cannot send mail says so (in the server's words) instead of offering the form.
 */
export default function ForgotPassword() {
  const [byEmail, setByEmail] = useState<boolean | null>(null);
  const [unavailable, setUnavailable] = useState<string | undefined>();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string | undefined>();
  const [failure, setFailure] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    // A server that cannot be asked is offered the form: the request itself says what is wrong.
    apiJson<{ byEmail: boolean; message?: string }>('/api/auth/password-reset', { skipAuthError: true }).then(
      (answer) => {
        setByEmail(answer.byEmail);
        setUnavailable(answer.message);
      },
      () => setByEmail(true),
    );
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    setFailure(null);
    setEmailError(undefined);
    if (!email.trim()) {
      setEmailError('Enter the email you sign in with.');
      return;
    }
    setBusy(true);
    try {
      const answer = await apiJson<{ message: string }>('/api/auth/password-reset', { method: 'POST', body: { email }, skipAuthError: true });
      setSent(answer.message);
    } catch (refusal) {
      const { fields, general } = serverRefusal(refusal, ['email'], 'Failed to ask for a reset link.');
      setEmailError(fields.email);
      setFailure(general);
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Reset your password"
      subtitle={byEmail === false ? 'This server cannot send you a link.' : 'We email you a link to choose a new password.'}
      footer={
        <>
          Remembered it?{' '}
          <Link component={LinkBase} to="/signin">
            Sign in
          </Link>
        </>
      }
    >
      {byEmail === false ? (
        <Alert severity="info" role="status">
          {unavailable}
        </Alert>
      ) : sent ? (
        <Alert severity="success" role="status" tabIndex={-1} ref={focusOnShow}>
          {sent}
        </Alert>
      ) : (
        <form onSubmit={submit} noValidate aria-label="Reset your password">
          <Stack spacing={2}>
            {failure && (
              <Alert severity="error" role="alert">
                {failure}
              </Alert>
            )}
            <TextField
              label="Email"
              type="email"
              name="email"
              autoComplete="email"
              required
              autoFocus
              value={email}
              onChange={(e) => {
                setEmail(e.target.value);
                setEmailError(undefined);
              }}
              error={Boolean(emailError)}
              helperText={emailError}
              fullWidth
            />
            <Button type="submit" variant="contained" size="large" disabled={busy || byEmail === null} fullWidth>
              {busy ? 'Sending...' : 'Send reset link'}
            </Button>
          </Stack>
        </form>
      )}
    </AuthCard>
  );
}
