/** A box on the screen, in px from the window's top left (as `getBoundingClientRect` gives it). */
export type ScreenBox = { top: number; bottom: number; left: number; right: number };

/** The space a notice leaves between itself and an action it stands above, px. */
export const NOTICE_GAP = 8;

/**
 * How far above the window's foot a notice sits, px: where it usually does, or, where it would cover an
 * action fixed on the screen (a dialog's bar of buttons, a phone's Save and Delete bar, a floating
 * button), just above it, and above any action that lift would then cover. A notice over an action hid
 * it for five seconds: Send Email's Close was under "Email successfully sent" on a phone.
 */
export function noticeBottom({ windowHeight, usual, notice, actions }: { windowHeight: number; usual: number; notice: { left: number; right: number; height: number }; actions: ScreenBox[] }): number {
  const lowestFirst = actions.filter((action) => action.left < notice.right && action.right > notice.left).sort((one, other) => other.bottom - one.bottom);
  let bottom = usual;
  for (const action of lowestFirst) {
    const foot = windowHeight - bottom;
    if (action.top < foot && action.bottom > foot - notice.height) bottom = windowHeight - action.top + NOTICE_GAP;
  }
  return bottom;
}
