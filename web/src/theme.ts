import { createTheme } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  defaultRadius: 'md',
  fontFamily:
    'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '650' },
  components: {
    // A closed group's entries are not rendered until it opens: the menu's groups hold some two hundred
    // elements that the first screen would otherwise build hidden, in the page's one thread.
    NavLink: { defaultProps: { variant: 'light', keepMounted: false } },
    // A closed select's options are not rendered either: kept mounted, each select of a page built its
    // list hidden and placed it (reading the page's computed styles) as soon as the page was drawn.
    Combobox: { defaultProps: { keepMounted: false } },
  },
});
