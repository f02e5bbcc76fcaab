import { describe, expect, it } from 'vitest';
import { computeRollups } from '@shared/series/rollups';

describe('in-memory rollups', () => {
  it('build hour, day and month buckets in the local calendar, 25 hours on the autumn day', () => {
    const from = Date.parse('2026-10-24T22:00:00Z');
    const values = Array.from({ length: 25 * 6 }, (_, step) => ({ at: from + step * 600_000, value: step }));
    const rollups = computeRollups(values, 'Europe/Paris');
    expect(rollups.hour).toHaveLength(25);
    expect(rollups.day).toHaveLength(1);
    expect(rollups.day[0]).toMatchObject({ count: 150, first: 0, last: 149, min: 0, max: 149, start: from });
    expect(rollups.month).toHaveLength(1);
    expect(new Date(rollups.month[0].start).toISOString()).toBe('2026-09-30T22:00:00.000Z');
  });

  it('agree with merging by level: a month equals the merge of its days', () => {
    const values = Array.from({ length: 1000 }, (_, step) => ({ at: Date.parse('2026-03-01T00:00:00Z') + step * 2_700_000, value: (step * 7) % 13 }));
    const rollups = computeRollups(values, 'Europe/Paris');
    const sum = rollups.day.reduce((total, day) => total + day.sum, 0);
    expect(rollups.month.reduce((total, month) => total + month.sum, 0)).toBe(sum);
    expect(rollups.hour.reduce((total, hour) => total + hour.count, 0)).toBe(1000);
  });
});
