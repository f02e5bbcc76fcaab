import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Box } from '@mantine/core';
import DOMPurify from 'dompurify';
import { periodLabel } from '@shared/widgets/period-label';
import { renderTextTokens } from '@shared/widgets/text-rendering';
import { useRenderedSignal } from '../hooks/use-rendered-signal';
import type { WidgetTypeProps } from './widget-type-props';
import classes from './text-widget.module.css';

/** The rich text with its tokens replaced by values and period names, sanitised last: no script or handler survives. */
export const TextWidget = ({ widget, data, timezone, onRendered }: WidgetTypeProps) => {
  const { t, i18n } = useTranslation();
  useRenderedSignal(onRendered);
  const html = useMemo(() => {
    const now = Date.now();
    const rendered = renderTextTokens(widget.text, {
      tokens: data?.tokens ?? null,
      locale: i18n.language,
      errorText: t('widgets.errors.valueLookup'),
      dateLabel: (token) =>
        periodLabel({ ...token, now, zone: timezone, locale: i18n.language, formatWeek: (week, year) => t('widgets.labels.week', { week, year }) }),
    });
    // The server keeps only the editor's colours and fonts in `style`; the rest is dropped here too.
    return DOMPurify.sanitize(rendered, { FORBID_TAGS: ['style', 'form', 'input', 'button', 'iframe'] });
  }, [widget.text, data, timezone, i18n.language, t]);
  // Not a box of its own: its lines flow around the frame's tools, and the frame scrolls a long text.
  return <Box className={classes.text} data-testid="text-widget" dangerouslySetInnerHTML={{ __html: html }} />;
};
