import { describe, expect, it } from 'vitest';
import { keys } from '../../../functions/src/data/keys';
import { sourceFetchItem } from '../../../functions/src/data/source-repository';
import { anyItemSize, writeUnits } from '../../../functions/src/usage/dynamodb-units';

/**
 * A fetch records its outcome in a small item of its own beside the source (issue 41): one write
 * unit, no index copy, where updating the source item rewrote its entry in the customer's list of
 * sources on GSI1 as well.
 */
const CUSTOMER = 'cust-0b4f3c2e-5d6a-4b7c-8d9e-0f1a2b3c4d5e';
const SOURCE = 'src-6f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9';

describe("a source's last fetch", () => {
  it('is stored beside the source, under the customer, and is not on GSI1 (not in the list of sources)', () => {
    const item = sourceFetchItem(CUSTOMER, SOURCE, { at: '2026-11-29T08:00:00.000Z', ok: true, written: 3, unchanged: 497, files: 0, error: null, detail: null });
    expect(item).toMatchObject({ PK: `C#${CUSTOMER}`, SK: `SRCFETCH#${SOURCE}`, source: SOURCE });
    expect(Object.keys(item).some((name) => name.startsWith('GSI'))).toBe(false);
    // Not one of the customer's sources for the readers of `SRC#…` (the migration's unlisted sources, the purge's schedules).
    expect(item.SK.startsWith(keys.sourcesOfCustomer(CUSTOMER).prefix)).toBe(false);
  });

  it('costs one write unit, a failure with a provider message of 600 characters included', () => {
    const ok = sourceFetchItem(CUSTOMER, SOURCE, { at: '2026-11-29T08:00:00.000Z', ok: true, written: 250, unchanged: 0, files: 0, error: null, detail: null });
    const failed = sourceFetchItem(CUSTOMER, SOURCE, { at: '2026-11-29T08:15:00.000Z', ok: false, written: 0, unchanged: 0, files: 0, error: 'source_provider_refused', detail: 'é'.repeat(300) });
    expect(writeUnits(anyItemSize(ok))).toBe(1);
    expect(writeUnits(anyItemSize(failed))).toBe(1);
    expect(anyItemSize(ok)).toBeLessThan(300);
  });
});
