import { useCallback } from 'react';
import { Button, IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { LinkBase, Notification, useCloseNotification, useNotify } from 'react-admin';

/** Toasts close themselves after 5 seconds or with their close button. */
export const TOAST_DURATION_MS = 5000;

function CloseToastButton() {
  const close = useCloseNotification();
  return (
    <IconButton size="small" aria-label="Close notification" color="inherit" onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

export function ToastHost() {
  return <Notification autoHideDuration={TOAST_DURATION_MS} action={<CloseToastButton />} anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }} />;
}

/** A link in a toast that takes the user somewhere, e.g. 'Open Targets'. */
export type ToastLink = { label: string; to: string };

function ToastLinkButton({ link }: { link: ToastLink }) {
  const close = useCloseNotification();
  return (
    <>
      <Button component={LinkBase} to={link.to} onClick={close} size="small" color="inherit" sx={{ fontWeight: 700 }}>
        {link.label}
      </Button>
      <CloseToastButton />
    </>
  );
}

/** `toast.success(text)` / `toast.error(text)` / `toast.info(text)`, optionally with a link: `toast.success(text, { label, to })`. */
export function useToast() {
  const notify = useNotify();
  const show = useCallback(
    (type: 'success' | 'error' | 'info') => (message: string, link?: ToastLink) =>
      notify(message, { type, autoHideDuration: TOAST_DURATION_MS, messageArgs: { _: message }, ...(link ? { action: <ToastLinkButton link={link} /> } : {}) }),
    [notify],
  );
  return { success: show('success'), error: show('error'), info: show('info') };
}
