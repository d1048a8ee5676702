import { useId, useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';
import { ancestorsOf, focusNearestRemaining } from './focusNearby.ts';

/**
 * Keeps the keyboard's place when a dialog closes on the element that opened it being gone (the
 * Delete button of a row just deleted), with `focusNearestRemaining`. The opener is read as the
 * dialog opens, before the dialog takes focus.
 */
function useFocusAfterOpenerGone(open: boolean) {
  const opener = useRef<{ element: Element; ancestors: Element[] } | null>(null);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined' && document.activeElement) {
    opener.current = { element: document.activeElement, ancestors: ancestorsOf(document.activeElement) };
  }
  wasOpen.current = open;
  return () => {
    const gone = opener.current;
    opener.current = null;
    // Looked at once the dialog has left the page: until then focus may sit on its container.
    if (gone) setTimeout(() => !gone.element.isConnected && focusNearestRemaining(gone.ancestors));
  };
}

/**
 * The generic confirm dialog: title, body, confirm text (default 'Confirm') and cancel text (default
 * 'Cancel'). It opens on Cancel, the action that loses nothing, so Enter pressed on at once (or twice
 * by mistake) never deletes or discards: the confirming action takes a deliberate Tab or a click.
 * Escape cancels. An alert dialog to assistive technology (WAI-ARIA's pattern for a question that
 * interrupts to confirm an action), named by its title and described by its body.
 */
export function ConfirmDialog({
  open,
  title,
  body,
  confirmText = 'Confirm',
  cancelText = 'Cancel',
  destructive = false,
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  body: ReactNode;
  confirmText?: string;
  cancelText?: string;
  destructive?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const restoreFocus = useFocusAfterOpenerGone(open);
  const id = useId();
  return (
    <Dialog
      open={open}
      onClose={onCancel}
      role="alertdialog"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-body`}
      maxWidth="xs"
      fullWidth
      slotProps={{ transition: { onExited: restoreFocus } }}
    >
      <DialogTitle id={`${id}-title`}>{title}</DialogTitle>
      <DialogContent id={`${id}-body`}>{typeof body === 'string' ? <DialogContentText>{body}</DialogContentText> : body}</DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={busy} autoFocus>
          {cancelText}
        </Button>
        <Button onClick={onConfirm} variant="contained" color={destructive ? 'error' : 'primary'} disabled={busy}>
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
