/** Business constants of spec 2 §4 and §9 for maplytics, named once. */

/** A marker of a location with alerts alternates with violet at this pace. */
export const MARKER_BLINK_MS = 500;

/** The points panel shows its loader only when the points take longer than this to come. */
export const POINTS_LOADER_DELAY_MS = 700;

/** The address search of a location (spec 3 §9): from 3 characters, 500 ms after the last key, 5 answers. */
export const ADDRESS_SEARCH = { minLength: 3, debounceMs: 500, maxResults: 5 } as const;

/** Marker colours by energy rating band, and the violet alerts blink with (spec 2 §4). */
export const MARKER_COLORS = {
  green: '#2f9e44',
  yellow: '#fcc419',
  orange: '#f76707',
  red: '#e03131',
  blue: '#1c7ed6',
  violet: '#7048e8',
} as const;
export type MarkerColor = keyof typeof MARKER_COLORS;

/** Level colours (spec 2 §4): success green, warning orange, danger red; neutral grey where levels do not apply. */
export const LEVEL_COLORS = {
  success: '#2f9e44',
  warning: '#f76707',
  danger: '#e03131',
  neutral: '#868e96',
} as const;
