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

export const TOAST_COLORS = {
  success: 'green',
  error: 'red',
  warning: 'yellow',
  info: 'blue',
} as const;
export type ToastKind = keyof typeof TOAST_COLORS;

/** Failed sign-ins allowed for one e-mail within the window before it is throttled. */
export const LOGIN_THROTTLE = { maxFailures: 5, windowSeconds: 15 * 60 } as const;

/** How long a WebSocket connection record lives without being refreshed. */
export const CONNECTION_TTL_SECONDS = 2 * 60 * 60;
