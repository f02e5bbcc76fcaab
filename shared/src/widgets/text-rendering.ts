import type { WidgetData } from '../schemas/widget-data';
import { findTokens, tokenKey, type DateToken } from './text-tokens';
import { formatValue } from './value-format';

export interface TextRenderingContext {
  /** Resolved point values by token key; null when the widget's data did not come. */
  tokens: WidgetData['tokens'];
  locale: string;
  /** What a failed lookup shows (translated 'Error'). */
  errorText: string;
  /** The name of the period a date token points at ('novembre 2026'). */
  dateLabel: (token: DateToken) => string;
}

const escapeHtml = (text: string): string =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');

/**
 * A text widget's HTML with each token's span replaced by what it stands for: a point's value
 * (rounded, with its unit when asked), '-' when there is none, the error text when the lookup
 * failed (spec 3 §8); a date token by the period's name. Replacements are text, escaped.
 */
export const renderTextTokens = (html: string, context: TextRenderingContext): string => {
  let rendered = '';
  let position = 0;
  for (const { token, start, end } of findTokens(html)) {
    let text: string;
    if (token.kind === 'date') text = context.dateLabel(token);
    else {
      const resolved = context.tokens?.[tokenKey(token)];
      if (!resolved || 'error' in resolved) text = context.errorText;
      else if (resolved.value === null) text = '-';
      else text = formatValue(resolved.value, resolved.unit, context.locale, token.showUnit);
    }
    rendered += html.slice(position, start) + escapeHtml(text);
    position = end;
  }
  return rendered + html.slice(position);
};

/** Whether a text needs the server: only point values do. */
export const hasValueTokens = (html: string): boolean => findTokens(html).some(({ token }) => token.kind === 'value');
