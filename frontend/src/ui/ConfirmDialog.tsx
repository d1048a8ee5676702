import { useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

/** The generic confirm dialog: title, body, confirm text (default 'Confirm') and Cancel. */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmText = 'Confirm',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmText?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth>
      <DialogTitle id="confirm-dialog-title">{title}</DialogTitle>
      <DialogContent>{typeof body === 'string' ? <DialogContentText>{body}</DialogContentText> : body}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} disabled={busy} autoFocus>
          {confirmText}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * Asks before deleting `record` (open while it is not null): Delete runs `onDelete`, with both
 * buttons disabled until it has finished, then the dialog closes.
 */
export function ConfirmDeleteDialog<Record>({
  record,
  title,
  question,
  onDelete,
  onClose,
}: {
  record: Record | null;
  title: string;
  question: (record: Record) => ReactNode;
  onDelete: (record: Record) => Promise<unknown>;
  onClose: () => void;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <ConfirmDialog
      open={record !== null}
      title={title}
      body={record === null ? '' : question(record)}
      confirmText="Delete"
      destructive
      busy={busy}
      onCancel={onClose}
      onConfirm={async () => {
        if (record === null) return;
        setBusy(true);
        try {
          await onDelete(record);
        } finally {
          setBusy(false);
          onClose();
        }
      }}
    />
  );
}
