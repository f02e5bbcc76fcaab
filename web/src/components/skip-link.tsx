import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';

/** The id of the page's `<main>`: the skip link's target (WCAG 2.4.1). */
export const MAIN_CONTENT_ID = 'main-content';

/**
 * 'Skip to content', first in the tab order and shown once focused: moves the focus to the page's
 * `<main>` (focusable by script, `tabIndex={-1}`). The hash is not followed: the router would take
 * it for a navigation.
 */
export const SkipLink = () => {
  const { t } = useTranslation();
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    document.getElementById(MAIN_CONTENT_ID)?.focus();
  };
  return (
    <a href={`#${MAIN_CONTENT_ID}`} className="ww-skip-link" onClick={skip} data-testid="skip-link">
      {t('labels.shell.skipToContent')}
    </a>
  );
};
