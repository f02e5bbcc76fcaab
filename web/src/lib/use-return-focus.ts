import { useLayoutEffect, useRef } from 'react';

/** Mantine gives the focus back 10 ms after a close, when nothing took it meanwhile: this goes after it. */
const AFTER_MANTINE_MS = 20;

/**
 * Gives the focus back to what held it when `opened` became true (the control that opened a
 * dialog), once it is false again and the focus was not moved elsewhere meanwhile. Mantine's modals
 * mean to, but record the focus after their focus trap has moved it into the dialog (or, for one
 * mounted already open, not at all), and so give it back to nothing.
 */
export const useReturnFocus = (opened: boolean): void => {
  const opener = useRef<HTMLElement | null>(null);
  const wasOpened = useRef(false);
  // Read while the opening is drawn, before the dialog's focus trap takes the focus.
  if (opened && !wasOpened.current && document.activeElement instanceof HTMLElement && document.activeElement !== document.body) {
    opener.current = document.activeElement;
  }
  wasOpened.current = opened;
  useLayoutEffect(() => {
    if (opened) return;
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    // As Mantine does: unless something else took the focus meanwhile (the closed dialog's button may still hold it).
    const atClose = document.activeElement;
    const timeout = window.setTimeout(() => {
      const active = document.activeElement;
      if ((active === null || active === document.body || active === atClose) && target.isConnected) target.focus({ preventScroll: true });
    }, AFTER_MANTINE_MS);
    return () => window.clearTimeout(timeout);
  }, [opened]);
};
