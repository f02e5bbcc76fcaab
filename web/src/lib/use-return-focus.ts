import { useLayoutEffect, useRef } from 'react';

/** Mantine gives the focus back 10 ms after a close, when nothing took it meanwhile: this goes after it. */
const AFTER_MANTINE_MS = 20;

/**
 * Gives the focus back to what held it when `opened` became true, once it is false again and the
 * focus was not moved elsewhere meanwhile. Mantine's modals do this from their
 * second opening only: one mounted already open (loaded on first use) records no opener.
 */
export const useReturnFocus = (opened: boolean): void => {
  const opener = useRef<HTMLElement | null>(null);
  useLayoutEffect(() => {
    if (opened) {
      if (document.activeElement instanceof HTMLElement && document.activeElement !== document.body) opener.current = document.activeElement;
      return;
    }
    const target = opener.current;
    opener.current = null;
    if (!target) return;
    // As Mantine does: unless something else took the focus meanwhile (the closed dialog's button still holds it).
    const atClose = document.activeElement;
    const timeout = window.setTimeout(() => {
      const active = document.activeElement;
      if ((active === null || active === document.body || active === atClose) && target.isConnected) target.focus({ preventScroll: true });
    }, AFTER_MANTINE_MS);
    return () => window.clearTimeout(timeout);
  }, [opened]);
};
