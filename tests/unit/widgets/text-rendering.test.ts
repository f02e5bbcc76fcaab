import { describe, expect, it } from 'vitest';
import { hasValueTokens, renderTextTokens, type TextRenderingContext } from '@shared/widgets/text-rendering';
import { tokenKey, tokenSpan, type ValueToken } from '@shared/widgets/text-tokens';

const token = (overrides: Partial<ValueToken> = {}): ValueToken => ({
  kind: 'value',
  point: 'pt-a',
  technicalId: null,
  calculation: 'sum',
  period: 'month',
  offset: 0,
  showUnit: true,
  ...overrides,
});

const context = (tokens: TextRenderingContext['tokens']): TextRenderingContext => ({
  tokens,
  locale: 'fr',
  errorText: 'Erreur',
  dateLabel: (date) => (date.offset === 0 ? 'novembre 2026' : 'octobre 2026'),
});

describe('text widget rendering', () => {
  it('replaces a value token by its rounded value with its unit', () => {
    const html = `<p>Conso : ${tokenSpan(token())}</p>`;
    expect(renderTextTokens(html, context({ [tokenKey(token())]: { value: 12.345, unit: 'kWh' } }))).toBe('<p>Conso : 12,3 kWh</p>');
  });

  it('leaves the unit out when the token says so', () => {
    const quiet = token({ showUnit: false });
    expect(renderTextTokens(tokenSpan(quiet), context({ [tokenKey(quiet)]: { value: 2, unit: 'm³' } }))).toBe('2');
  });

  it("shows '-' for no value and the error text for a failed lookup or a missing answer", () => {
    const failed = token({ point: 'pt-b' });
    const missing = token({ point: 'pt-c' });
    const html = [token(), failed, missing].map(tokenSpan).join(' ');
    const rendered = renderTextTokens(html, context({ [tokenKey(token())]: { value: null, unit: 'kWh' }, [tokenKey(failed)]: { error: true } }));
    expect(rendered).toBe('- Erreur Erreur');
    expect(renderTextTokens(tokenSpan(token()), context(null))).toBe('Erreur');
  });

  it("replaces a date token by its period's name", () => {
    const html = `Bilan de ${tokenSpan({ kind: 'date', period: 'month', offset: 1 })}`;
    expect(renderTextTokens(html, context(null))).toBe('Bilan de octobre 2026');
  });

  it('escapes what it writes', () => {
    const html = tokenSpan({ kind: 'date', period: 'month', offset: 0 });
    expect(renderTextTokens(html, { ...context(null), dateLabel: () => '<img onerror=x>' })).toBe('&lt;img onerror=x&gt;');
  });

  it('asks the server only when a text holds a value token', () => {
    expect(hasValueTokens(`<p>${tokenSpan({ kind: 'date', period: 'year', offset: 0 })}</p>`)).toBe(false);
    expect(hasValueTokens(tokenSpan(token()))).toBe(true);
  });
});
