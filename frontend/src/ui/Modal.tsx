import { createContext, useContext, useId, useState, type ReactNode } from 'react';
import { Box, Button, CircularProgress, Dialog, DialogActions, DialogContent, DialogTitle, IconButton, Typography, type DialogProps } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { useTranslate } from 'react-admin';
import { ConfirmDialog } from './ConfirmDialog.tsx';

/** Closes the modal the caller is in the way the user would: asking first when it holds unsaved changes. */
const CloseModal = createContext<(() => void) | null>(null);

/**
 * The modal dialog: Escape, a click on the backdrop, the X or its footer's Cancel closes it; optional
 * footer. With `unsavedChanges` each of them asks first, in the words the Records screens use, so
 * typed work is never dropped without a word; keeping on editing puts focus back where it was.
 */
export function Modal({
  open,
  title,
  onClose,
  children,
  footer,
  maxWidth = 'md',
  unsavedChanges = false,
}: {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  maxWidth?: DialogProps['maxWidth'];
  /** Whether the form in the modal holds changes not saved: closing it then asks before discarding them. */
  unsavedChanges?: boolean;
}) {
  const translate = useTranslate();
  const [asking, setAsking] = useState(false);
  const close = () => (unsavedChanges ? setAsking(true) : onClose());
  return (
    <>
      <Dialog open={open} onClose={close} maxWidth={maxWidth} fullWidth scroll="paper" aria-labelledby="modal-title">
        <DialogTitle id="modal-title" sx={{ pr: 7 }}>
          {title}
        </DialogTitle>
        {/* Beside the title, not in it: the title names the dialog, which was read out as '... Close'. */}
        <IconButton aria-label="Close" onClick={close} sx={{ position: 'absolute', right: 12, top: 12 }}>
          <CloseIcon />
        </IconButton>
        <DialogContent dividers>{children}</DialogContent>
        {footer && (
          <DialogActions>
            <CloseModal.Provider value={close}>{footer}</CloseModal.Provider>
          </DialogActions>
        )}
      </Dialog>
      <ConfirmDialog
        open={asking}
        title="Discard your changes?"
        body={translate('ra.message.unsaved_changes')}
        confirmText="Discard"
        cancelText="Keep editing"
        destructive
        onCancel={() => setAsking(false)}
        onConfirm={() => {
          setAsking(false);
          onClose();
        }}
      />
    </>
  );
}

/** A modal footer's Cancel: closes the modal it is in, asking first when that holds unsaved changes. */
export function ModalCancel({ disabled = false }: { disabled?: boolean }) {
  const close = useContext(CloseModal);
  return (
    <Button onClick={() => close?.()} disabled={disabled}>
      Cancel
    </Button>
  );
}

/**
 * A form modal's footer (a `Modal`'s `footer`): Cancel, which closes the modal (asking first when it
 * holds unsaved changes), and the action that carries the form out. While it runs both are held and
 * the action shows a spinner, so a second click cannot send it twice. An action held back for a
 * reason the user can act on (`disabledReason`) says it beside the button, and to a screen reader with it.
 */
export function ModalActions({
  busy,
  label,
  busyLabel = label,
  onAction,
  form,
  disabled = false,
  disabledReason,
  icon,
}: {
  busy: boolean;
  label: string;
  /** The action's text while it runs ("Sending..."). */
  busyLabel?: string;
  onAction?: () => void;
  /** The id of the form the action submits (instead of `onAction`). */
  form?: string;
  disabled?: boolean;
  /** Why the action is off (it is, while this is given). */
  disabledReason?: string;
  icon?: ReactNode;
}) {
  const reasonId = useId();
  const buttons = (
    <>
      <ModalCancel disabled={busy} />
      <Button
        type={form ? 'submit' : 'button'}
        form={form}
        onClick={onAction}
        variant="contained"
        disabled={busy || disabled || disabledReason !== undefined}
        aria-describedby={disabledReason ? reasonId : undefined}
        startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon}
      >
        {busy ? busyLabel : label}
      </Button>
    </>
  );
  if (!disabledReason) return buttons;
  // The reason fills the room left of the buttons; on a narrow screen the buttons go together to a line below it.
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', justifyContent: 'flex-end', gap: 1, width: '100%' }}>
      <Typography id={reasonId} variant="body2" color="text.secondary" sx={{ flex: '1 1 14rem', pl: 2 }}>
        {disabledReason}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, ml: 'auto' }}>{buttons}</Box>
    </Box>
  );
}
