import { useEffect, useState } from 'react';
import { roundPlace, type Place } from '@shared/weather/place';

export type BrowserPosition = { status: 'locating' } | { status: 'located'; position: Place } | { status: 'unavailable' };

/** A person who neither allows nor refuses is not waited for longer than this: the site answers meanwhile. */
const UNANSWERED_MS = 10_000;
/** A position this recent is good enough: the weather is per kilometre. */
const POSITION_MAX_AGE_MS = 10 * 60_000;

/**
 * The browser's position, asked once, kept to about a kilometre before it leaves the browser;
 * `unavailable` when refused, impossible or unanswered — a later answer still moves it.
 */
export const useBrowserPosition = (): BrowserPosition => {
  const supported = typeof navigator !== 'undefined' && 'geolocation' in navigator;
  const [state, setState] = useState<BrowserPosition>(supported ? { status: 'locating' } : { status: 'unavailable' });
  useEffect(() => {
    if (!supported) return;
    let active = true;
    const unanswered = window.setTimeout(() => setState((current) => (current.status === 'locating' ? { status: 'unavailable' } : current)), UNANSWERED_MS);
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => {
        if (active) setState({ status: 'located', position: roundPlace({ lat: coords.latitude, lon: coords.longitude }) });
      },
      () => {
        if (active) setState({ status: 'unavailable' });
      },
      { maximumAge: POSITION_MAX_AGE_MS, timeout: UNANSWERED_MS },
    );
    return () => {
      active = false;
      window.clearTimeout(unanswered);
    };
  }, [supported]);
  return state;
};
