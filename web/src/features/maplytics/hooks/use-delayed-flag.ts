import { useEffect, useState } from 'react';

/** True once `on` has held for `delayMs`: a loader that does not flash for answers that come quickly. */
export const useDelayedFlag = (on: boolean, delayMs: number): boolean => {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!on) {
      setShown(false);
      return;
    }
    const timer = window.setTimeout(() => setShown(true), delayMs);
    return () => window.clearTimeout(timer);
  }, [on, delayMs]);
  return shown;
};
