import { calculationSchema, type Calculation } from '../series/calculations';
import { periodSchema, type Period } from '../series/sampling';

/**
 * Tokens a text widget embeds in its rich text (spec 1 §3.3), as spans the editor keeps:
 * `<span data-token="value" data-point="pt-…" data-technical-id="…" data-calculation="sum"
 * data-period="month" data-offset="0" data-show-unit="true"></span>` shows a point's value over a
 * period; `<span data-token="date" data-period="month" data-offset="1"></span>` shows a period.
 */
export interface ValueToken {
  kind: 'value';
  point: string;
  technicalId: string | null;
  calculation: Calculation;
  period: Exclude<Period, 'all'>;
  offset: number;
  showUnit: boolean;
}

export interface DateToken {
  kind: 'date';
  period: Exclude<Period, 'all'>;
  offset: number;
}

export type TextToken = ValueToken | DateToken;

const SPAN = /<span\b([^>]*\bdata-token="(?:value|date)"[^>]*)>(?:[^<]*)<\/span>/g;
const ATTRIBUTE = /\bdata-([a-z-]+)="([^"]*)"/g;

const attributesOf = (text: string): Record<string, string> =>
  Object.fromEntries([...text.matchAll(ATTRIBUTE)].map(([, name, value]) => [name, value]));

const periodOf = (value: string | undefined): Exclude<Period, 'all'> => {
  const parsed = periodSchema.safeParse(value);
  return parsed.success && parsed.data !== 'all' ? parsed.data : 'month';
};

const offsetOf = (value: string | undefined): number => {
  const parsed = Number(value);
  return Number.isInteger(parsed) && parsed >= 0 && parsed <= 1000 ? parsed : 0;
};

/** A token read from its span's attributes; null when it names no point or kind. */
export const tokenOf = (attributes: Record<string, string>): TextToken | null => {
  if (attributes.token === 'date') return { kind: 'date', period: periodOf(attributes.period), offset: offsetOf(attributes.offset) };
  if (attributes.token !== 'value' || !attributes.point) return null;
  const calculation = calculationSchema.safeParse(attributes.calculation);
  return {
    kind: 'value',
    point: attributes.point,
    technicalId: attributes['technical-id'] || null,
    calculation: calculation.success ? calculation.data : 'sum',
    period: periodOf(attributes.period),
    offset: offsetOf(attributes.offset),
    showUnit: attributes['show-unit'] !== 'false',
  };
};

/** Every token of a text, in order, with where its span stands. */
export const findTokens = (html: string): { token: TextToken; start: number; end: number }[] =>
  [...html.matchAll(SPAN)].flatMap((match) => {
    const token = tokenOf(attributesOf(match[1]));
    return token ? [{ token, start: match.index, end: match.index + match[0].length }] : [];
  });

/** The key a value token's resolved value travels under: the same token twice is looked up once. */
export const tokenKey = (token: ValueToken): string => [token.point, token.calculation, token.period, token.offset].join('|');

/** The span of a token, as the editor inserts it. */
export const tokenSpan = (token: TextToken): string =>
  token.kind === 'date'
    ? `<span data-token="date" data-period="${token.period}" data-offset="${token.offset}"></span>`
    : `<span data-token="value" data-point="${token.point}" data-technical-id="${token.technicalId ?? ''}" data-calculation="${token.calculation}" data-period="${token.period}" data-offset="${token.offset}" data-show-unit="${token.showUnit}"></span>`;
