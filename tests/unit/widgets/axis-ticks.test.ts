import { describe, expect, it } from 'vitest';
import { axisTickPositions } from '@shared/widgets/axis-ticks';

describe('time axis ticks', () => {
  it('names every day of a week when there is room for it', () => {
    expect(axisTickPositions(7, 'day', 1200, 68)).toEqual([1, 2, 3, 4, 5, 6, 7]);
  });

  it('names a month of days fortnight by fortnight at 390 px, where eight dates would overlap', () => {
    // 390 px wide: about 320 px of axis, a dd/MM/yyyy label about 68 px.
    expect(axisTickPositions(30, 'day', 322, 68)).toEqual([1, 15, 29]);
  });

  it('names a month of days every other day, then every week as the width shrinks', () => {
    expect(axisTickPositions(14, 'day', 1000, 68)).toEqual([1, 3, 5, 7, 9, 11, 13]);
    expect(axisTickPositions(14, 'day', 200, 68)).toEqual([1, 8]);
  });

  it('names a year of months by quarter on a narrow axis and never fewer than two labels', () => {
    expect(axisTickPositions(12, 'month', 250, 60)).toEqual([1, 4, 7, 10]);
    expect(axisTickPositions(12, 'month', 50, 60)).toEqual([1, 7]);
  });

  it('names a week of hours by the day or half-day', () => {
    expect(axisTickPositions(168, 'hour', 1200, 80)).toEqual([1, 25, 49, 73, 97, 121, 145]);
    expect(axisTickPositions(48, 'hour', 1200, 80)).toEqual([1, 7, 13, 19, 25, 31, 37, 43]);
  });
});
