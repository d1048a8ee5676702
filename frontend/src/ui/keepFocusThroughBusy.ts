/**
 * Gives focus back to a control that lost it by being disabled while its work ran (Sign In, Save,
 * Generate, Test connection, Rebuild...), once it is enabled again. A browser drops the focus of a
 * control that is disabled to the page's start: a keyboard user who pressed Save found themselves
 * before the sidebar, and a screen reader user lost their place. Done once for the whole app rather
 * than in each of the many buttons that wait so. Nothing happens when the user has gone on to
 * another control meanwhile, or when the control stays disabled or leaves the page.
 */
export function keepFocusThroughBusy(root: Document = document): () => void {
  let lastFocused: Element | null = null;
  let held: Element | null = null;
  const onFocusIn = (event: FocusEvent) => {
    lastFocused = event.target instanceof Element ? event.target : null;
    held = null;
  };
  const lost = () => root.activeElement === null || root.activeElement === root.body;
  const observer = new MutationObserver((mutations) => {
    for (const { target } of mutations) {
      if (!(target instanceof HTMLElement)) continue;
      if (target.hasAttribute('disabled')) {
        if (target === lastFocused && (lost() || root.activeElement === target)) held = target;
      } else if (target === held) {
        held = null;
        if (target.isConnected && lost()) target.focus();
      }
    }
  });
  root.addEventListener('focusin', onFocusIn);
  observer.observe(root, { subtree: true, attributes: true, attributeFilter: ['disabled'] });
  return () => {
    root.removeEventListener('focusin', onFocusIn);
    observer.disconnect();
  };
}
