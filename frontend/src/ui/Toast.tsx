import { useMemo } from 'react';
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

/**
 * `toast.success(text)` / `toast.error(text)` / `toast.info(text)`. The same object on every render,
 * so effects and callbacks that name it run again only when react-admin's notifier changes.
 */
export function useToast() {
  const notify = useNotify();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info') => (message: string) => notify(message, { type, autoHideDuration: TOAST_DURATION_MS, messageArgs: { _: message } });
    return { success: show('success'), error: show('error'), info: show('info') };
  }, [notify]);
}
