import { useState } from 'react';
import VisibilityIcon from '@mui/icons-material/Visibility';
import VisibilityOffIcon from '@mui/icons-material/VisibilityOff';
import { IconButton, InputAdornment, TextField } from '@mui/material';
import { accountPassword } from '../../../../domain/account-password.ts';
import { fieldErrorsOf, messageOf } from '../../resources/shared/problem.ts';

/**
 * What is wrong with a new password and its confirmation before anything is sent: the rules the
 * server applies at sign-up, and a confirmation that matches. Changing and resetting a password share them.
 */
export function newPasswordErrors(newPassword: string, confirmation: string): { newPassword?: string; confirmation?: string } {
  const errors: { newPassword?: string; confirmation?: string } = {};
  const rule = accountPassword.safeParse(newPassword);
  if (!newPassword) errors.newPassword = 'Enter a new password.';
  else if (!rule.success) errors.newPassword = rule.error.issues[0]?.message;
  if (!confirmation) errors.confirmation = 'Type your new password again.';
  else if (confirmation !== newPassword) errors.confirmation = 'The passwords do not match.';
  return errors;
}

/**
 * The server's refusal of an account form: beside each of the form's `fields` it names
 * (`issues[].path`); one it names none of is shown above the form.
 */
export function serverRefusal<Field extends string>(failure: unknown, fields: readonly Field[], fallback: string): { fields: Partial<Record<Field, string>>; general: string | null } {
  const named = fieldErrorsOf(failure);
  const beside: Partial<Record<Field, string>> = {};
  for (const field of fields) if (named[field]) beside[field] = named[field];
  return Object.keys(beside).length > 0 ? { fields: beside, general: null } : { fields: beside, general: messageOf(failure, fallback) };
}

/** A password field with a show/hide button. */
export function PasswordField({ label, value, error, helperText, autoComplete, onChange }: { label: string; value: string; error?: string; helperText?: string; autoComplete: string; onChange: (value: string) => void }) {
  const [shown, setShown] = useState(false);
  const toggle = shown ? `Hide ${label.toLowerCase()}` : `Show ${label.toLowerCase()}`;
  return (
    <TextField
      label={label}
      type={shown ? 'text' : 'password'}
      autoComplete={autoComplete}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={Boolean(error)}
      helperText={error ?? helperText}
      required
      fullWidth
      slotProps={{
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <IconButton aria-label={toggle} aria-pressed={shown} onClick={() => setShown(!shown)} edge="end">
                {shown ? <VisibilityOffIcon /> : <VisibilityIcon />}
              </IconButton>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
