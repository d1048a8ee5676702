import { useState } from 'react';
import { Alert, Button, Link, Stack } from '@mui/material';
import ReplayIcon from '@mui/icons-material/Replay';
import { Link as RouterLink } from 'react-router';
import { doNotContactPath } from '../../layout/navigation.ts';
import { useRefreshOutreach } from '../shared/useRefreshOutreach.ts';
import { useToast } from '../../ui/Toast.tsx';
import { needsDecision, sentEmailsApi } from './api.ts';
import type { SentEmail } from './mailbox.ts';

const explanations = {
  failed: 'This email was not sent.',
  unknown: 'Sending was interrupted after the mail service was called: this email may or may not have reached the recipient. It is never sent again by itself.',
} as const;

/** A provider's reason ends as a sentence, so a sentence after it does not run on from it. */
const asSentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

/**
 * Resend or dismiss, for an email that failed or whose delivery is unknown. Resending queues a new
 * email naming this one (`onResent` gets its id, to show it); dismissing settles it as it is.
 * An email to an address on the Do Not Contact list cannot go out again, so it is only dismissed.
 */
export function SentEmailDecision({
  email,
  onResent,
}: {
  email: Pick<SentEmail, 'id' | 'status' | 'failureReason' | 'recipientEmail' | 'recipientOnDoNotContact'>;
  onResent?: (newId: string) => void;
}) {
  const toast = useToast();
  const refresh = useRefreshOutreach();
  const [busy, setBusy] = useState<'resend' | 'dismiss' | null>(null);
  if (!needsDecision(email.status)) return null;
  const act = async (what: 'resend' | 'dismiss') => {
    setBusy(what);
    try {
      if (what === 'resend') {
        const { id } = await sentEmailsApi.resend(email.id);
        toast.success('Email queued to send again.');
        await refresh('sent-emails');
        onResent?.(id);
      } else {
        await sentEmailsApi.dismiss(email.id);
        toast.success('Email dismissed.');
        await refresh('sent-emails');
      }
    } catch (error) {
      toast.error(`${what === 'resend' ? 'Failed to resend the email.' : 'Failed to dismiss the email.'} ${(error as Error).message}`);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Alert
      severity={email.status === 'failed' ? 'error' : 'warning'}
      // On a phone the buttons go under the explanation: beside it they squeezed it to a word a line.
      sx={{ mt: 2, flexWrap: { xs: 'wrap', sm: 'nowrap' }, '& .MuiAlert-message': { flex: 1 }, '& .MuiAlert-action': { width: { xs: '100%', sm: 'auto' }, justifyContent: 'flex-end', pt: { xs: 0, sm: 0.5 } } }}
      data-testid="sent-email-decision"
      action={
        <Stack direction="row" spacing={1}>
          {!email.recipientOnDoNotContact && (
            <Button color="inherit" size="small" startIcon={<ReplayIcon />} disabled={busy !== null} onClick={() => void act('resend')}>
              Resend
            </Button>
          )}
          <Button color="inherit" size="small" disabled={busy !== null} onClick={() => void act('dismiss')}>
            Dismiss
          </Button>
        </Stack>
      }
    >
      {explanations[email.status as keyof typeof explanations]}
      {email.failureReason ? ` ${asSentence(email.failureReason)}` : ''}
      {email.recipientOnDoNotContact && (
        <>
          {` ${email.recipientEmail} is on your `}
          <Link component={RouterLink} to={doNotContactPath} color="inherit">
            Do Not Contact list
          </Link>
          , so it cannot be sent again.
        </>
      )}
    </Alert>
  );
}
