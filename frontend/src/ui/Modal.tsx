import type { ReactNode } from 'react';
import { Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, type DialogProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';

/** The modal dialog: a click on the backdrop or the X closes it; optional footer. */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  maxWidth = 'md',
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
}) {
  return (
    <Dialog open={open} onClose={onClose} maxWidth={maxWidth} fullWidth scroll="paper" aria-labelledby="modal-title">
      <DialogTitle id="modal-title" sx={{ pr: 7 }}>
        {title}
      </DialogTitle>
      {/* Beside the title, not in it: the title names the dialog, which was read out as '... Close'. */}
      <IconButton aria-label="Close" onClick={onClose} sx={{ position: 'absolute', right: 12, top: 12 }}>
        <CloseIcon />
      </IconButton>
      <DialogContent dividers>{children}</DialogContent>
      {footer && <DialogActions>{footer}</DialogActions>}
    </Dialog>
  );
}

/**
 * A form modal's footer: Cancel, and the action that carries the form out. While it runs both are
 * held and the action shows a spinner, so a second click cannot send it twice.
 */
export function ModalActions({
  onCancel,
  busy,
  label,
  busyLabel = label,
  onAction,
  form,
  disabled = false,
  icon,
}: {
  onCancel: () => void;
  busy: boolean;
  label: string;
  /** The action's text while it runs ("Sending..."). */
  busyLabel?: string;
  onAction?: () => void;
  /** The id of the form the action submits (instead of `onAction`). */
  form?: string;
  disabled?: boolean;
  icon?: ReactNode;
}) {
  return (
    <>
      <Button onClick={onCancel} disabled={busy}>
        Cancel
      </Button>
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onAction}
        variant="contained"
        disabled={busy || disabled}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon}
      >
        {busy ? busyLabel : label}
      </Button>
    </>
  );
}
