import { useEffect, type RefObject } from 'react';

const appName = 'Charterline';

/** The browser tab's title for a screen: its heading, then the app's name. */
export function documentTitle(heading?: string | null): string {
  const text = heading?.replace(/\s+/g, ' ').trim();
  return text ? `${text} – ${appName}` : appName;
}

/**
 * Names the browser tab after the first non-empty level-one heading inside `container`, as the
 * screen shown there changes. A screen reader announces the title on arriving at a page, and a
 * list of tabs or the history reads by it: 'Charterline' on every screen told the user nothing.
 * Every signed-in screen has its heading in the layout's main area (the record screens' one is
 * filled in by react-admin), so watching it covers them all, present and future.
 */
export function useTitleFromHeading(container: RefObject<HTMLElement | null>) {
  useEffect(() => {
    const root = container.current;
    if (!root) return;
    let frame = 0;
    const update = () => {
      frame = 0;
      const heading = [...root.querySelectorAll('h1')].map((element) => element.textContent ?? '').find((text) => text.trim() !== '');
      const title = documentTitle(heading);
      if (document.title !== title) document.title = title;
    };
    update();
    // Once a frame at most: a large table fills in with many mutations.
    const observer = new MutationObserver(() => {
      if (!frame) frame = requestAnimationFrame(update);
    });
    observer.observe(root, { subtree: true, childList: true, characterData: true });
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, [container]);
}

/** Sets the tab's title to `heading` while the calling component is shown, and puts back the one before when it goes (a dialog over a screen). */
export function useDocumentTitle(heading: string | undefined) {
  useEffect(() => {
    const before = document.title;
    document.title = documentTitle(heading);
    return () => {
      document.title = before;
    };
  }, [heading]);
}
