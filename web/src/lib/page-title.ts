import { PRODUCT_NAME } from './brand';

/** Between the parts of a page title: 'Électricité — Tableau de bord — WattWise'. */
const SEPARATOR = ' — ';

/**
 * The browser tab's title (WCAG 2.4.2): what the page shows, the screen it is, the product. `named`
 * is the object the page shows (a tab, a report, a user) when it has one.
 */
export const pageTitle = (screen: string | null, named: string | null = null): string =>
  [named, screen, PRODUCT_NAME].filter((part): part is string => !!part && part.trim().length > 0).join(SEPARATOR);
