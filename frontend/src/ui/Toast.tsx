import { useCallback, useEffect, useMemo, useState } from 'react';
import { Button, IconButton, Portal, useMediaQuery, type Theme } from '@mui/material';
import CloseIcon from '@mui/icons-material/Close';
import { Notification, useCloseNotification, useNotify } from 'react-admin';
import { noticeBottom, type ScreenBox } from './noticePlacement.ts';

/** Toasts close themselves after 5 seconds or with their close button. */
export const TOAST_DURATION_MS = 5000;
/** A notice offering Undo stays twice as long: reading it and reaching for the button takes longer than reading it. */
export const UNDO_DURATION_MS = 2 * TOAST_DURATION_MS;

function CloseToastButton() {
  const close = useCloseNotification();
  return (
    <IconButton size="small" aria-label="Close notification" color="inherit" onClick={close}>
      <CloseIcon fontSize="small" />
    </IconButton>
  );
}

/** The notice's Undo: closes it, then undoes. */
function UndoToastButton({ onUndo }: { onUndo: () => void }) {
  const close = useCloseNotification();
  return (
    <Button
      size="small"
      color="inherit"
      sx={{ fontWeight: 700 }}
      onClick={() => {
        close();
        onUndo();
      }}
    >
      Undo
    </Button>
  );
}

/** Actions fixed on the screen a notice may land on: the top dialog's bar of buttons, else the page's foot bar and floating buttons. */
function fixedActions(): ScreenBox[] {
  const dialogs = document.querySelectorAll('.MuiDialog-root');
  const topDialog = dialogs.item(dialogs.length - 1);
  const actions = topDialog ? topDialog.querySelectorAll('.MuiDialogActions-root') : document.querySelectorAll('.RaToolbar-mobileToolbar, .MuiFab-root');
  return [...actions].map((action) => action.getBoundingClientRect()).filter((box) => box.height > 0);
}

/**
 * Where the notice sits, from when it starts to show until it starts to go: placed as it appears, and
 * again whenever the page's elements come or go (a dialog opening or closing under it) or the window
 * changes size. `onEnter` and `onExit` go to the notice's transition.
 */
function useNoticePlacement() {
  // MUI's Snackbar sits 8 px above the foot of a phone's screen and 24 px above a wider window's.
  const usual = useMediaQuery((theme: Theme) => theme.breakpoints.up('sm')) ? 24 : 8;
  const [bottom, setBottom] = useState<number | null>(null);
  const [shown, setShown] = useState(false);
  const place = useCallback(() => {
    const notice = document.querySelector('.MuiSnackbar-root')?.getBoundingClientRect();
    if (notice) setBottom(noticeBottom({ windowHeight: window.innerHeight, usual, notice, actions: fixedActions() }));
  }, [usual]);
  useEffect(() => {
    if (!shown) return;
    let frame = 0;
    const placeSoon = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(place);
    };
    const changes = new MutationObserver(placeSoon);
    changes.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', placeSoon);
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener('resize', placeSoon);
    };
  }, [shown, place]);
  const onEnter = useCallback(() => {
    place();
    setShown(true);
  }, [place]);
  const onExit = useCallback(() => setShown(false), []);
  return { bottom, onEnter, onExit };
}

/**
 * The notice is placed at the foot of the document, beside the app rather than inside it: an open dialog
 * hides the app from screen readers, so a notice inside it ("Generating PDF report...", a failed save)
 * was shown on the screen but never read out while a dialog was open.
 */
export function ToastHost() {
  const { bottom, onEnter, onExit } = useNoticePlacement();
  return (
    <Portal>
      <Notification
        autoHideDuration={TOAST_DURATION_MS}
        action={<CloseToastButton />}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        sx={bottom === null ? undefined : { bottom }}
        slotProps={{ transition: { onEnter, onExit } }}
      />
    </Portal>
  );
}

/**
 * `toast.success(text)` / `toast.error(text)` / `toast.info(text)`, and `toast.undoable(text, undo)`:
 * a success offering Undo beside its close button. The same object on every render, so effects and
 * callbacks that name it run again only when react-admin's notifier changes.
 */
export function useToast() {
  const notify = useNotify();
  return useMemo(() => {
    const show = (type: 'success' | 'error' | 'info') => (message: string) => notify(message, { type, autoHideDuration: TOAST_DURATION_MS, messageArgs: { _: message } });
    // The notice's own `action` takes the place of the host's close button, so both are given.
    const undoable = (message: string, onUndo: () => void) =>
      notify(message, {
        type: 'success',
        autoHideDuration: UNDO_DURATION_MS,
        messageArgs: { _: message },
        action: (
          <>
            <UndoToastButton onUndo={onUndo} />
            <CloseToastButton />
          </>
        ),
      });
    return { success: show('success'), error: show('error'), info: show('info'), undoable };
  }, [notify]);
}
