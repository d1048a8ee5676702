import { useEffect, useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { LinkBase } from 'react-admin';
import { AuthCard, authErrorMessage } from './AuthCard.tsx';
import { useSignIn } from './useSignIn.ts';
import { SIGN_OUT_MESSAGES, takeSignOutReason, type SignOutReason } from '../../providers/session.ts';

/**
 * Sign In: email and password, 'Signing In...' while busy, the error above the form. A session that
 * ended without the user signing out here (expired, or signed out in another tab) is said above it.
 */
export default function SignIn() {
  const login = useSignIn();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [signedOutBecause, setSignedOutBecause] = useState<SignOutReason | null>(null);
  // Taken in an effect, which sets it only when there is one: a render may run twice, an effect's second run finds nothing and keeps it.
  useEffect(() => {
    const reason = takeSignOutReason();
    if (reason) setSignedOutBecause(reason);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login({ email, password });
    } catch (failure) {
      setError(authErrorMessage(failure, 'Failed to sign in. Please check your credentials.'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Sign In"
      subtitle="Sign in to research banks and manage your outreach."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link component={LinkBase} to="/signup">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={submit} noValidate={false}>
        <Stack spacing={2}>
          {signedOutBecause && !error && (
            <Alert severity="info" role="status">
              {SIGN_OUT_MESSAGES[signedOutBecause]}
            </Alert>
          )}
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="Email" type="email" name="email" autoComplete="email" required autoFocus value={email} onChange={(e) => setEmail(e.target.value)} fullWidth />
          <TextField label="Password" type="password" name="password" autoComplete="current-password" required value={password} onChange={(e) => setPassword(e.target.value)} fullWidth />
          <Link component={LinkBase} to="/forgot-password" variant="body2" sx={{ alignSelf: 'flex-end' }}>
            Forgot your password?
          </Link>
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Signing In...' : 'Sign In'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
