import { describe, expect, it } from 'vitest';
import type { SeriesAnswer } from '@shared/schemas/series';
import { statusLabelOf } from '@shared/series/status-labels';
import { bucketLabel } from '@shared/widgets/bucket-label';
import { finerSampling } from '@shared/widgets/drilldown';
import { frameHasValues, frameRows } from '@shared/widgets/frame-rows';
import { pieShares } from '@shared/widgets/pie-shares';
import { trendOf } from '@shared/widgets/trend-tone';
import { formatValue } from '@shared/widgets/value-format';

const series = (point: string, calendar: number, values: (number | null)[]) => ({ point, name: point, calculation: 'sum', unit: 'kWh', timezone: 'Europe/Paris', calendar, values });

const answer = (values: (number | null)[][]): SeriesAnswer => ({
  sampling: 'day',
  period: 'month',
  calendars: [{ timezone: 'Europe/Paris', from: '', to: '', dates: ['2026-11-01T00:00:00+01:00', '2026-11-02T00:00:00+01:00'] }],
  series: values.map((entry, index) => series(`pt-${index}`, 0, entry)),
});

describe('data status labels', () => {
  it('names codes 1 to 8 and H as the spec does', () => {
    expect(statusLabelOf('1')).toBe('GROSS');
    expect(statusLabelOf('6')).toBe('MODIFIED_AUTOMATICALLY_HOLE');
    expect(statusLabelOf('8')).toBe('CREATED_MANUALLY');
    expect(statusLabelOf('H')).toBe('HIDDEN_DATA');
  });

  it('calls any other code modified data', () => {
    expect(statusLabelOf('9')).toBe('MODIFIED_DATA');
    expect(statusLabelOf('h')).toBe('MODIFIED_DATA');
    expect(statusLabelOf('toString')).toBe('MODIFIED_DATA');
  });
});

describe('pie shares', () => {
  it('gives each point the sum of its values over the period and its part of all', () => {
    const shares = pieShares(answer([[30, null], [10, 60]]));
    expect(shares.map((share) => share.total)).toEqual([30, 70]);
    expect(shares.map((share) => share.share)).toEqual([0.3, 0.7]);
  });

  it('gives a negative total no part, and nothing a part when there is nothing', () => {
    expect(pieShares(answer([[-5, null], [5, null]])).map((share) => share.share)).toEqual([0, 1]);
    expect(pieShares(answer([[null, null]])).map((share) => share.share)).toEqual([0]);
  });
});

describe('frame rows', () => {
  it('lines up series of two zones by bucket time and says whether anything is there', () => {
    const frame: SeriesAnswer = {
      sampling: 'day',
      period: 'month',
      calendars: [
        { timezone: 'Europe/Paris', from: '', to: '', dates: ['2026-11-01T00:00:00+01:00'] },
        { timezone: 'America/New_York', from: '', to: '', dates: ['2026-11-01T00:00:00-04:00'] },
      ],
      series: [series('a', 0, [1]), series('b', 1, [2])],
    };
    expect(frameRows(frame)).toEqual([
      { date: '2026-11-01T00:00:00+01:00', values: [1, null] },
      { date: '2026-11-01T00:00:00-04:00', values: [null, 2] },
    ]);
    expect(frameHasValues(frame)).toBe(true);
    expect(frameHasValues(answer([[null, null]]))).toBe(false);
    expect(frameHasValues(null)).toBe(false);
  });
});

describe('trend arrows', () => {
  it('colours a rise green when rise is good and red when fall is good', () => {
    expect(trendOf(12, 'rise_is_good')).toEqual({ direction: 'up', tone: 'good' });
    expect(trendOf(12, 'fall_is_good')).toEqual({ direction: 'up', tone: 'bad' });
    expect(trendOf(-3, 'fall_is_good')).toEqual({ direction: 'down', tone: 'good' });
    expect(trendOf(null, 'fall_is_good')).toEqual({ direction: 'flat', tone: 'neutral' });
  });
});

describe('values and axis labels', () => {
  it('rounds a value for its unit and writes it in the language with the displayed unit', () => {
    expect(formatValue(1234.56, 'kWh', 'en')).toBe('1,234.6 kWh');
    expect(formatValue(1234.56, 'kWh', 'fr')).toBe('1\u202f234,6 kWh');
    expect(formatValue(3.14159, 'mps', 'fr', false)).toBe('3,1');
    expect(formatValue(3.14159, 'mps', 'en')).toBe('3.1 m/s');
    expect(formatValue(7.5, 'W', 'en')).toBe('8 W');
  });

  it('names buckets per sampling, months in the language', () => {
    const week = (number: number, year: number) => `S${number} ${year}`;
    expect(bucketLabel('2026-11-23T00:00:00+01:00', 'day', 'fr', week)).toBe('23/11/2026');
    expect(bucketLabel('2026-11-23T14:00:00+01:00', 'hour', 'fr', week)).toBe('23/11 14:00');
    expect(bucketLabel('2026-11-23T00:00:00+01:00', 'week', 'fr', week)).toBe('S48 2026');
    expect(bucketLabel('2026-11-01T00:00:00+01:00', 'month', 'fr', week)).toBe('nov. 2026');
    expect(bucketLabel('2026-11-01T00:00:00+01:00', 'month', 'en', week)).toBe('Nov 2026');
  });

  it('drills a bucket down one sampling finer, and a minute nowhere', () => {
    expect(finerSampling('year')).toBe('month');
    expect(finerSampling('week')).toBe('day');
    expect(finerSampling('day')).toBe('hour');
    expect(finerSampling('minute')).toBeNull();
  });
});
