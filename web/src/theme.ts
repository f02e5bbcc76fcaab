import { createTheme, DEFAULT_THEME, type CSSVariablesResolver } from '@mantine/core';
import { accessibleColors, dimmedTextColor } from './lib/accessible-colors';

/** Above this luminance a filled colour takes black text, under it white: either way 4.5:1 at least (WCAG 1.4.3). */
const LUMINANCE_THRESHOLD = 0.18;

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  // Palettes whose filled, text and light shades read at WCAG 2.1 AA (lib/accessible-colors.ts).
  colors: accessibleColors(DEFAULT_THEME.colors),
  autoContrast: true,
  luminanceThreshold: LUMINANCE_THRESHOLD,
  components: {
    // A closed group's entries are not rendered until it opens: the menu's groups hold some two hundred
    // elements that the first screen would otherwise build hidden, in the page's one thread.
    NavLink: { defaultProps: { variant: 'light', keepMounted: false } },
    // A closed select's options are not rendered either: kept mounted, each select of a page built its
    // list hidden and placed it (reading the page's computed styles) as soon as the page was drawn.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});

const DIMMED = dimmedTextColor(DEFAULT_THEME.colors.gray);

/**
 * Secondary ('dimmed') text and placeholders readable on white and the light greys (Mantine's grey
 * 6 is 3.3:1 on white, its placeholder grey 5 is 2.1:1).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': DIMMED, '--mantine-color-placeholder': DIMMED },
  dark: {},
});
