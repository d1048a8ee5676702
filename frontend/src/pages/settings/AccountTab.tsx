import { useState, type FormEvent } from 'react';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle, Stack, TextField, Typography } from '@mui/material';
import { useGetIdentity, useLogout } from 'react-admin';
import { noteSignOutReason, readUser } from '../../providers/session.ts';
import { fieldErrorsOf } from '../../resources/shared/problem.ts';
import { ChangeEmail } from './ChangeEmail.tsx';
import { ChangePassword } from './ChangePassword.tsx';
import { settingsApi } from './settingsApi.ts';

/** What deleting the account does, said before the user starts. */
const consequences = [
  'You are signed out everywhere, and nobody can sign in to this account again.',
  "Your contacts' personal data (names, email addresses, LinkedIn profiles) is erased for good.",
  'Your API keys stop working; your saved service keys and Analyst Chat conversations are removed.',
  'Automations still running are stopped.',
  'The history of your outreach is kept as an audit trail, with the personal data removed.',
];

/** Typing the address exactly (case aside) is the deliberate act that arms the button. */
const sameAddress = (typed: string, email: string) => typed.trim().toLowerCase() === email.toLowerCase();

function DeleteAccountDialog({ email, open, onClose }: { email: string; open: boolean; onClose: () => void }) {
  const logout = useLogout();
  const [password, setPassword] = useState('');
  const [typedEmail, setTypedEmail] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  /** The server's refusal of the password (a wrong one), shown beside the field. */
  const [passwordError, setPasswordError] = useState<string | null>(null);
  const armed = password.length > 0 && sameAddress(typedEmail, email) && !busy;

  const close = () => {
    if (busy) return;
    setPassword('');
    setTypedEmail('');
    setError(null);
    setPasswordError(null);
    onClose();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!armed) return;
    setBusy(true);
    setError(null);
    setPasswordError(null);
    try {
      await settingsApi.deleteAccount(password);
      noteSignOutReason('account-deleted');
      await logout(undefined, undefined, false);
    } catch (failure) {
      const refusedPassword = fieldErrorsOf(failure).password;
      if (refusedPassword) setPasswordError(refusedPassword);
      else setError(failure instanceof Error ? failure.message : 'Failed to delete your account.');
      setBusy(false);
    }
  };

  return (
    <Dialog open={open} onClose={close} aria-labelledby="delete-account-title" maxWidth="sm" fullWidth>
      <Box component="form" onSubmit={submit} noValidate>
        <DialogTitle id="delete-account-title">Delete your account?</DialogTitle>
        <DialogContent>
          <Stack spacing={2}>
            <DialogContentText>This cannot be undone. Enter your password and type your email address to confirm.</DialogContentText>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            <TextField
              label="Password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => {
                setPassword(event.target.value);
                setPasswordError(null);
              }}
              error={Boolean(passwordError)}
              helperText={passwordError}
              autoFocus
              required
            />
            <TextField
              label="Email address"
              helperText={`Type ${email} to confirm`}
              autoComplete="off"
              value={typedEmail}
              onChange={(event) => setTypedEmail(event.target.value)}
              required
            />
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant="contained" color="error" disabled={!armed}>
            {busy ? 'Deleting…' : 'Delete account'}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}

/** The signed-in user's own account: changing its email or password, deleting it. */
export function AccountTab() {
  const [open, setOpen] = useState(false);
  // The app's identity, so a changed email shows here and in the sidebar at once.
  const { identity, refetch } = useGetIdentity();
  const email = (identity?.email as string | undefined) ?? readUser()?.email ?? '';
  return (
    <Box sx={{ maxWidth: 720 }}>
      <ChangeEmail email={email} onChanged={() => void refetch()} />
      <ChangePassword email={email} />
      <Typography variant="h6" component="h2" gutterBottom>
        Delete account
      </Typography>
      <Typography variant="body2" color="text.secondary" gutterBottom>
        Signed in as {email}. Deleting your account:
      </Typography>
      <Box component="ul" sx={{ mt: 0, mb: 2, pl: 3, typography: 'body2' }}>
        {consequences.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </Box>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        Want a copy first? Each contact&apos;s page offers Export personal data. You may register again later with the same email address; the new account starts empty.
      </Typography>
      <Button variant="outlined" color="error" onClick={() => setOpen(true)}>
        Delete account…
      </Button>
      <DeleteAccountDialog email={email} open={open} onClose={() => setOpen(false)} />
    </Box>
  );
}
