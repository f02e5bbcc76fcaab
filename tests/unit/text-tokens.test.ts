import { describe, expect, it } from 'vitest';
import { findTokens, tokenKey, tokenSpan, type ValueToken } from '@shared/widgets/text-tokens';

describe('text widget tokens', () => {
  const value: ValueToken = { kind: 'value', point: 'pt-a', technicalId: 'ELEC-1', calculation: 'diff', period: 'month', offset: 1, showUnit: true };

  it('reads back the tokens the editor writes, in order, among other text', () => {
    const html = `<p>Ce mois-ci : ${tokenSpan(value)} (${tokenSpan({ kind: 'date', period: 'year', offset: 0 })})</p>`;
    const found = findTokens(html);
    expect(found.map((entry) => entry.token)).toEqual([value, { kind: 'date', period: 'year', offset: 0 }]);
    expect(html.slice(found[0].start, found[0].end)).toBe(tokenSpan(value));
  });

  it('falls back to safe values for unknown settings and ignores spans naming no point', () => {
    const [entry, ...rest] = findTokens('<span data-token="value" data-point="pt-b" data-calculation="bogus" data-period="all" data-offset="-2"></span><span data-token="value"></span>');
    expect(entry.token).toMatchObject({ calculation: 'sum', period: 'month', offset: 0, showUnit: true });
    expect(rest).toEqual([]);
  });

  it('keys value tokens by what they look up', () => {
    expect(tokenKey(value)).toBe('pt-a|diff|month|1');
  });
});
