import { useEffect } from 'react';

/** A field one types in: an input, a text area or an editable element. */
function isTypedIn(element: Element | null): element is HTMLElement {
  return element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || (element instanceof HTMLElement && element.isContentEditable);
}

/**
 * When the window grows shorter under the field being typed in (a phone's on-screen keyboard coming
 * up), scrolls that field back into view, the least it takes: in a dialog the keyboard hid the lower
 * fields, Tags among them, as the user typed in them.
 */
export function useFocusedFieldKeptInView(): void {
  useEffect(() => {
    const viewport = window.visualViewport ?? window;
    const heightOf = () => window.visualViewport?.height ?? window.innerHeight;
    let height = heightOf();
    const keepInView = () => {
      const shrank = heightOf() < height;
      height = heightOf();
      const field = document.activeElement;
      if (shrank && isTypedIn(field)) field.scrollIntoView({ block: 'nearest' });
    };
    viewport.addEventListener('resize', keepInView);
    return () => viewport.removeEventListener('resize', keepInView);
  }, []);
}
