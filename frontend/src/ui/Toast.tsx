import { useCallback } from 'react';
import { IconButton } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Notification, useCloseNotification, useNotify } from 'react-admin';

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

/** `toast.success(text)` / `toast.error(text)` / `toast.info(text)`. */
export function useToast() {
  const notify = useNotify();
  const show = useCallback(
    (type: 'success' | 'error' | 'info') => (message: string) => notify(message, { type, autoHideDuration: TOAST_DURATION_MS, messageArgs: { _: message } }),
    [notify],
  );
  return { success: show('success'), error: show('error'), info: show('info') };
}
