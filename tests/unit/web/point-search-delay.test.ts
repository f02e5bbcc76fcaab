import { describe, expect, it } from 'vitest';
import { POINT_SEARCH_DEBOUNCE_MS, searchDelayMs } from '../../../web/src/lib/point-search';

describe("a point picker's wait before it asks the server", () => {
  it('waits for the next key after one typed or erased, and not after a text that came whole', () => {
    expect(searchDelayMs('', '')).toBe(POINT_SEARCH_DEBOUNCE_MS);
    expect(searchDelayMs('LG-06', 'LG-069')).toBe(POINT_SEARCH_DEBOUNCE_MS);
    expect(searchDelayMs('LG-069', 'LG-06')).toBe(POINT_SEARCH_DEBOUNCE_MS);
    expect(searchDelayMs('', 'LG-0690-01')).toBe(0);
    expect(searchDelayMs('LG-0690-01', '')).toBe(0);
  });
});
