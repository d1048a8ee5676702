import { Link } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { CharterlineDataProvider } from '../../providers/dataProvider.ts';

/** Where a user sets up the service their mail goes through (a settings tab opens by its id in the address). */
export const mailServicePath = '/settings?tab=data-enrichment';

/**
 * Whether the user's mail can go: `ready` when a mail service is set up, `missing` when none is,
 * `unchecked` when the server could not be asked, `checking` until it answers. The last answer holds
 * when a later check fails.
 */
export type MailService = 'checking' | 'ready' | 'missing' | 'unchecked';

/**
 * The user's mail service, asked while `enabled` and again when they come back to the tab, as they
 * do after setting one up in the tab `MailServiceSettingsLink` opened.
 */
export function useMailService(enabled: boolean): MailService {
  const dataProvider = useDataProvider<CharterlineDataProvider>();
  // One retry: a user about to send should hear soon that the check failed, not after several.
  const status = useQuery({ queryKey: ['mail-status'], queryFn: () => dataProvider.mailStatus(), enabled, retry: 1 });
  if (status.data) return status.data.ready ? 'ready' : 'missing';
  return status.isError ? 'unchecked' : 'checking';
}

/**
 * 'Settings › Data Enrichment', where the Mailgun key and sending domain go. It opens in a new tab:
 * the dialog the user is in keeps what they wrote there.
 */
export function MailServiceSettingsLink() {
  return (
    <Link href={`#${mailServicePath}`} target="_blank" rel="noopener noreferrer" color="inherit" underline="always" data-testid="mail-service-settings">
      Settings › Data Enrichment
    </Link>
  );
}
