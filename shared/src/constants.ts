/** Business constants of spec 1 §9 and spec 3 §9, named once. */
export const DEFAULT_LANGUAGE = 'fr' as const;
export const LANGUAGES = ['fr', 'en'] as const;
export type LanguageKey = (typeof LANGUAGES)[number];

export const SESSION_HOURS = 1;
export const REMEMBERED_SESSION_DAYS = 7;

export const SIDEBAR_WIDTH = { default: 220, min: 220, max: 500 } as const;
export const MOBILE_BREAKPOINT_PX = 979;
export const LAYOUT_MIN_HEIGHT_PX = 252;
export const MENU_ANIMATION_MS = 200;

export const TOAST_TIMEOUT_MS = 6_000;
export const LOCKED_ALERT_TIMEOUT_MS = 100_000;
export const SAVED_DATA_WARNING_TIMEOUT_MS = 20_000;
export const SOCKET_LOGIN_COUNTDOWN_SECONDS = 10;
export const LOADING_READY_MAX_MS = 10_000;
export const NOTIFICATION_READ_RESET_MS = 1_000;
export const NOTIFICATION_PAGE_SIZE = 20;

export const DEFAULT_TIMEZONE = 'Europe/Paris';

/** How long root may restore a deleted customer; its data is purged once this has passed (issue 42). */
export const CUSTOMER_RESTORE_DAYS = 7;

export const TOAST_COLORS = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
} as const;
export type ToastKind = keyof typeof TOAST_COLORS;


/** How long a WebSocket connection record lives without being refreshed. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;

/**
 * How far back a realtime channel that opens for the first time hears the `newData` it could not
 * hear yet (the page's data was read before the channel was open): at most this, however old the page.
 */
export const REALTIME_CATCH_UP_MAX_MS = 5 * 60_000;

/**
 * The palette of 28 colours series and widgets are drawn in (spec 1 §9): seven hues of the
 * interface's colour scale in four shades, from strong to light, distinguishable side by side.
 */
export const PALETTE = [
  '#1c7ed6', '#2f9e44', '#f59f00', '#e03131', '#7048e8', '#0c8599', '#e8590c',
  '#1864ab', '#2b8a3e', '#e67700', '#c92a2a', '#5f3dc4', '#0b7285', '#d9480f',
  '#4dabf7', '#69db7c', '#ffd43b', '#ff8787', '#9775fa', '#3bc9db', '#ffa94d',
  '#c2255c', '#66a80f', '#495057', '#f06595', '#a9e34b', '#868e96', '#ae3ec9',
] as const;

/** Widgets refresh this long after new data arrives (spec 1 §4.5). */
export const WIDGET_REFRESH_DELAY_MS = 5_000;

/**
 * Weather (spec 1 §9): the provider is asked for a place at most once every 5 minutes (a refresh
 * sooner answers what is cached); its 5-day forecast, in 3-hour steps, is asked again once it is
 * 3 hours old.
 */
export const WEATHER_REFRESH_MIN_MS = 5 * 60_000;
export const WEATHER_FORECAST_MAX_AGE_MS = 3 * 60 * 60_000;
/** Days of the header's forecast. */
export const WEATHER_FORECAST_DAYS = 5;
/** City search of the weather source (spec 3): from 3 characters, 500 ms after the last key, 30 results. */
export const WEATHER_CITY_SEARCH = { minLength: 3, debounceMs: 500, maxResults: 30 } as const;
