import { describe, expect, it } from 'vitest';
import { groupByLanguage } from '../../../functions/src/services/recipient-language';

describe('e-mail recipients by language', () => {
  it("group known users by their language and the others under the fallback, first recipient's group first", () => {
    const languages: Record<string, 'fr' | 'en'> = { 'ann@example.com': 'en', 'bob@example.com': 'fr' };
    const groups = groupByLanguage(['ann@example.com', 'x@example.com', 'bob@example.com', 'zoe@example.com'], (address) => languages[address], 'fr');
    expect(groups).toEqual([
      { language: 'en', to: ['ann@example.com'] },
      { language: 'fr', to: ['x@example.com', 'bob@example.com', 'zoe@example.com'] },
    ]);
  });

  it('give nothing to send to nobody', () => {
    expect(groupByLanguage([], () => 'en', 'fr')).toEqual([]);
  });
});
