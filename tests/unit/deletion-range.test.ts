import { describe, expect, it } from 'vitest';
import { confirmsName, deletesWholeSeries, deletionRangeProblem, displayDay } from '../../web/src/features/locations-settings/hooks/deletion-range';

describe('the range of a values deletion', () => {
  it('refuses an end before its start', () => {
    expect(deletionRangeProblem({ from: '2026-03-10', to: '2026-03-09' })).toBe('end_before_start');
    expect(deletionRangeProblem({ from: '2025-12-31', to: '2026-01-01' })).toBeNull();
  });

  it('accepts a single day and a range open on one side', () => {
    expect(deletionRangeProblem({ from: '2026-03-10', to: '2026-03-10' })).toBeNull();
    expect(deletionRangeProblem({ from: '2026-03-10', to: null })).toBeNull();
    expect(deletionRangeProblem({ from: null, to: '2026-03-10' })).toBeNull();
  });

  it('deletes the whole series only when both sides are open', () => {
    expect(deletesWholeSeries({ from: null, to: null })).toBe(true);
    expect(deletesWholeSeries({ from: '2026-03-10', to: null })).toBe(false);
    expect(deletesWholeSeries({ from: null, to: '2026-03-10' })).toBe(false);
  });

  it('shows days as dd/MM/yyyy', () => {
    expect(displayDay('2026-03-09')).toBe('09/03/2026');
  });

  it('takes the point name typed back whatever its case and surrounding spaces, and nothing else', () => {
    expect(confirmsName('  index électricité tgbt ', 'Index électricité TGBT')).toBe(true);
    expect(confirmsName('Index électricité', 'Index électricité TGBT')).toBe(false);
    expect(confirmsName('', 'Index électricité TGBT')).toBe(false);
  });
});
