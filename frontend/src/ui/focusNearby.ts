const tabbable = 'button:not([disabled]), a[href], input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** An element's ancestors, nearest first: where it stood, kept for after it is gone (a removed row takes its whole subtree out, so the way up from it ends with it). */
export function ancestorsOf(element: Element): Element[] {
  const path: Element[] = [];
  for (let node = element.parentElement; node && node !== document.body; node = node.parentElement) path.push(node);
  return path;
}

const focusLost = () => document.activeElement === null || document.activeElement === document.body;

/**
 * When focus has fallen to the page's start, puts it on the first visible control left in the
 * nearest of `ancestors` still on the page (the next row, or the list's own buttons): a keyboard or
 * screen reader user goes on from where they were instead of finding the list again from the top.
 */
export function focusNearestRemaining(ancestors: Element[]): void {
  if (!focusLost()) return;
  for (const node of ancestors) {
    if (!node.isConnected) continue;
    const next = [...node.querySelectorAll<HTMLElement>(tabbable)].find((element) => element.getClientRects().length > 0);
    if (next) {
      next.focus();
      return;
    }
  }
}

/**
 * Once `element` leaves the page (its row removed by the action it started), does
 * `focusNearestRemaining` for it. Watches for `withinMs` at most, and no longer once the user has
 * gone on to another control.
 */
export function keepFocusNearWhenRemoved(element: Element, withinMs = 10_000): void {
  const ancestors = ancestorsOf(element);
  const observer = new MutationObserver(() => {
    if (element.isConnected) return;
    stop();
    focusNearestRemaining(ancestors);
  });
  const movedOn = (event: FocusEvent) => {
    if (event.target !== element) stop();
  };
  const timer = setTimeout(() => stop(), withinMs);
  function stop() {
    observer.disconnect();
    clearTimeout(timer);
    document.removeEventListener('focusin', movedOn);
  }
  observer.observe(document.body, { childList: true, subtree: true });
  document.addEventListener('focusin', movedOn);
}
