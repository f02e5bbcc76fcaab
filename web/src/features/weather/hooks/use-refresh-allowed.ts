import { useEffect, useReducer } from 'react';

/** Whether the time has come: read at every render, and rendered again when it comes (no polling). */
export const useRefreshAllowed = (from: string | null): boolean => {
  const [, rerender] = useReducer((count: number) => count + 1, 0);
  const at = from ? Date.parse(from) : Number.NEGATIVE_INFINITY;
  useEffect(() => {
    const wait = at - Date.now();
    if (!Number.isFinite(wait) || wait <= 0) return;
    const timer = window.setTimeout(rerender, wait + 50);
    return () => window.clearTimeout(timer);
  }, [at]);
  return Date.now() >= at;
};
