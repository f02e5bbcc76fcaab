import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useMatches } from '@tanstack/react-router';
import { crumbsOf } from '../lib/crumbs';
import { pageTitle } from '../lib/page-title';

/**
 * Sets the document's title from the current state (spec 1 §2.3, WCAG 2.4.2): the deepest route's
 * `staticData.title` names the screen, and the last crumb names the object shown when it is one of
 * the data's (a tab, a report, a location). Follows the language.
 */
export const PageTitle = () => {
  const { t } = useTranslation();
  const titleKey = useMatches({ select: (matches) => matches.findLast((match) => match.staticData.title)?.staticData.title ?? null });
  const named = useMatches({
    select: (matches) => {
      const last = matches.flatMap((match) => crumbsOf(match.loaderData)).at(-1);
      return last && !last.labelKey ? (last.label ?? null) : null;
    },
  });
  const title = pageTitle(titleKey ? t(titleKey) : null, named);
  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
};
