import { useRef, useState, type ReactNode } from 'react';
import { Button, Dialog, DialogActions, DialogContent, DialogContentText, DialogTitle } from '@mui/material';

const tabbable = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Keeps the keyboard's place when a dialog closes on the element that opened it being gone (the
 * Delete button of a row just deleted): focus goes to the first control left in the nearest part of
 * the page still there (the next row, or the list's own buttons), instead of falling to the page's
 * start, where a keyboard or screen reader user would have to find the list again from the top.
 * The opener is read as the dialog opens, before the dialog takes focus.
 */
function useFocusAfterOpenerGone(open: boolean) {
  // The opener and its ancestors: a removed row takes its whole subtree out, so the way up from it ends with it.
  const openerPath = useRef<Element[]>([]);
  const wasOpen = useRef(false);
  if (open && !wasOpen.current && typeof document !== 'undefined') {
    const path: Element[] = [];
    for (let node = document.activeElement; node && node !== document.body; node = node.parentElement) path.push(node);
    openerPath.current = path;
  }
  wasOpen.current = open;
  return () => {
    const [opener, ...ancestors] = openerPath.current;
    openerPath.current = [];
    if (!opener) return;
    // Looked at once the dialog has left the page: until then focus may sit on its container.
    setTimeout(() => {
      if (opener.isConnected || (document.activeElement && document.activeElement !== document.body)) return;
      for (const node of ancestors) {
        if (!node.isConnected) continue;
        const next = [...node.querySelectorAll<HTMLElement>(tabbable)].find((element) => element.getClientRects().length > 0);
        if (next) {
          next.focus();
          return;
        }
      }
    });
  };
}

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
  const restoreFocus = useFocusAfterOpenerGone(open);
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="confirm-dialog-title" maxWidth="xs" fullWidth slotProps={{ transition: { onExited: restoreFocus } }}>
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
