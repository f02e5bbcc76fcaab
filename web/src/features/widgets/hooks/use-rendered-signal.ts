import { useEffect } from 'react';

/** Tells the widget frame once a type's content is really drawn (reports' PDF rendering waits for it). */
export const useRenderedSignal = (onRendered: () => void, drawn = true): void => {
  useEffect(() => {
    if (drawn) onRendered();
  }, [drawn, onRendered]);
};
