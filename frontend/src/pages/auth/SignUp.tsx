import { useState, type FormEvent } from 'react';
import { Alert, Button, Link, Stack, TextField } from '@mui/material';
import { LinkBase } from 'react-admin';
import type { SignUpParams } from '../../providers/authProvider.ts';
import { AuthCard, authErrorMessage } from './AuthCard.tsx';
import { useSignIn } from './useSignIn.ts';

/** Sign Up: four required fields, 'Passwords do not match' without a call, 'Creating Account...' while busy. */
export default function SignUp() {
  const login = useSignIn();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password !== confirmation) {
      setError('Passwords do not match');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const params: SignUpParams = { register: true, name, email, password };
      await login(params);
    } catch (failure) {
      setError(authErrorMessage(failure, 'Failed to create an account.'));
      setBusy(false);
    }
  };

  return (
    <AuthCard
      title="Sign Up"
      subtitle="Create your Charterline account."
      footer={
        <>
          Already have an account?{' '}
          <Link component={LinkBase} to="/signin">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={submit}>
        <Stack spacing={2}>
          {error && (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          )}
          <TextField label="Full Name" name="name" autoComplete="name" required autoFocus value={name} onChange={(e) => setName(e.target.value)} fullWidth />
          <TextField label="Email Address" type="email" name="email" autoComplete="email" required value={email} onChange={(e) => setEmail(e.target.value)} fullWidth />
          <TextField label="Password" type="password" name="password" autoComplete="new-password" required value={password} onChange={(e) => setPassword(e.target.value)} fullWidth />
          <TextField
            label="Confirm Password"
            type="password"
            name="confirmPassword"
            autoComplete="new-password"
            required
            value={confirmation}
            onChange={(e) => setConfirmation(e.target.value)}
            fullWidth
          />
          <Button type="submit" variant="contained" size="large" disabled={busy} fullWidth>
            {busy ? 'Creating Account...' : 'Sign Up'}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
