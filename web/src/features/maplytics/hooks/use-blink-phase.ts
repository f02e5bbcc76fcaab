import { useEffect, useState } from 'react';
import { MARKER_BLINK_MS } from '@shared/maplytics/constants';

/** A phase that changes every 500 ms while something blinks (spec 2 §4), still otherwise. */
export const useBlinkPhase = (active: boolean): number => {
  const [phase, setPhase] = useState(0);
  useEffect(() => {
    if (!active) return;
    const timer = window.setInterval(() => setPhase((current) => current + 1), MARKER_BLINK_MS);
    return () => window.clearInterval(timer);
  }, [active]);
  return active ? phase : 0;
};
