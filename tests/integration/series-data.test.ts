import { beforeAll, describe, expect, it } from 'vitest';
import { bucketsOf, type SeriesAnswer } from '@shared/schemas/series';
import { api, login } from '../support/api';
import { series, seriesRef } from '../support/aws';
import { eventually } from '../support/eventually';

let admin: string;
let otherCustomerAdmin: string;
const unique = () => `S-${Date.now()}-${Math.round(Math.random() * 1e6)}`;

const createPoint = async (body: Record<string, unknown>): Promise<string> => {
  const answer = await api<{ _id: string }>('POST', '/api/v1/points', {
    token: admin,
    body: { technical_id: unique(), location: ['loc-grenoble'], ...body },
  });
  if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
  return answer.body.data!._id;
};

const query = (body: Record<string, unknown>, token = admin) => api<SeriesAnswer>('POST', '/api/v1/series/query', { token, body });


const valuesOf = (answer: Awaited<ReturnType<typeof query>>) => answer.body.data?.series[0].values;

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
  otherCustomerAdmin = (await login('basicAdministrator')).user.jwt;
});

describe('ingestion and the series query', () => {
  let index: string;
  // An electricity index read every 6 hours through March 2026, spring change included (29th).
  const march = Array.from({ length: 31 * 4 }, (_, step) => ({
    date: new Date(Date.parse('2026-02-28T23:00:00Z') + step * 6 * 3_600_000).toISOString(),
    value: 10_000 + step * 25 + (step % 3),
  }));

  beforeAll(async () => {
    index = await createPoint({ name: 'Index TGBT', resource: 'electricity', series_type: 'index', unit: 'kWh' });
    const answer = await api('POST', '/api/v1/data', { token: admin, body: { data: march.map((entry) => ({ point: index, ...entry })) } });
    expect(answer.status).toBe(200);
    expect(answer.body.msg).toBe('data_saved');
  });

  const marchDays = { period_type: 'dateToDate', period: 'month', sampling: 'day', start: '2026-03-01T00:00:00+01:00', end: '2026-04-01T00:00:00+02:00' };

  it('answers daily buckets in local time, the spring day included', async () => {
    const answer = await eventually(
      () => query({ ...marchDays, points: [{ point: index, calculation: 'count' }] }),
      (result) => valuesOf(result)?.reduce((sum: number, value) => sum + (value ?? 0), 0) === march.length,
    );
    const series = answer.body.data!.series[0];
    const { dates } = answer.body.data!.calendars[series.calendar];
    expect(series.values).toHaveLength(31);
    expect(dates).toHaveLength(31);
    expect(dates[0]).toBe('2026-03-01T00:00:00+01:00');
    expect(dates[29]).toBe('2026-03-30T00:00:00+02:00');
    expect(series.timezone).toBe('Europe/Paris');
  });

  it('lists the dates once for series that share a zone and a range', async () => {
    const answer = await query({ ...marchDays, points: [{ point: index, calculation: 'diff' }, { point: index, calculation: 'max' }] });
    expect(answer.body.data!.calendars).toHaveLength(1);
    expect(answer.body.data!.series.map((series) => series.calendar)).toEqual([0, 0]);
    expect(bucketsOf(answer.body.data!, 1)[0]).toEqual({ date: '2026-03-01T00:00:00+01:00', value: expect.any(Number) });
  });

  it('makes the daily diffs add up to the month diff', async () => {
    const daily = valuesOf(await query({ ...marchDays, points: [{ point: index, calculation: 'diff' }] })) as number[];
    const monthly = valuesOf(await query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'diff' }] })) as number[];
    expect(monthly).toHaveLength(1);
    expect(Math.round(daily.reduce((sum, value) => sum + (value ?? 0), 0) * 10) / 10).toBe(monthly[0]);
    expect(monthly[0]).toBe(march.at(-1)!.value - march[0].value);
  });

  it('subtracts the last value before the range, however far back it lies', async () => {
    // June 2023, nothing in 2024, June 2025: a range in 2025 looks back past a whole empty year.
    const gapped = await createPoint({ name: 'Index with a gap', resource: 'electricity', series_type: 'index', unit: 'kWh' });
    const values = [['2023-06-15T08:00:00Z', 100], ['2023-06-15T18:00:00Z', 110], ['2025-06-15T08:00:00Z', 150], ['2025-06-15T18:00:00Z', 175]];
    await api('POST', '/api/v1/data', { token: admin, body: { data: values.map(([date, value]) => ({ point: gapped, date, value })) } });
    const daysOf = (start: string, end: string) =>
      query({ period_type: 'dateToDate', period: 'day', sampling: 'day', start, end, points: [{ point: gapped, calculation: 'diff' }] });
    // The rollups of both years are written by the table stream, in no set order: until 2023's are, the
    // day's first value stands in. Once both are, the last value of 2023 is subtracted.
    const afterGap = await eventually(
      () => daysOf('2025-06-15T00:00:00+02:00', '2025-06-16T00:00:00+02:00'),
      (answer) => valuesOf(answer)?.[0] === 175 - 110,
    );
    expect(valuesOf(afterGap)).toEqual([175 - 110]);
    // Before the data starts there is nothing to subtract: the day's first value stands in.
    expect(valuesOf(await daysOf('2023-06-14T00:00:00+02:00', '2023-06-16T00:00:00+02:00'))).toEqual([null, 110 - 100]);
    // ... also when the data starts in a later year than the range (a pack read apart).
    const fromDecember = valuesOf(await daysOf('2022-12-01T00:00:00+01:00', '2023-06-16T00:00:00+02:00'))!;
    expect(fromDecember.at(-1)).toBe(110 - 100);
    expect(fromDecember.slice(0, -1).every((value) => value === null)).toBe(true);
    // The extent marker stays at the earliest pack when later packs are created.
    expect(await series.firstPack(seriesRef(gapped), 'day')).toBe('202306');
    expect(await series.firstPack(seriesRef(gapped), 'hour')).toBe('20230615');
  });

  it('merges days into weeks starting on Monday, and reads minutes from the raw values', async () => {
    const days = bucketsOf((await query({ ...marchDays, points: [{ point: index, calculation: 'diff' }] })).body.data!, 0);
    const answer = await query({ ...marchDays, sampling: 'week', points: [{ point: index, calculation: 'diff' }] });
    const weeks = bucketsOf(answer.body.data!, 0);
    expect(answer.body.data!.sampling).toBe('week');
    expect(weeks.map((week) => week.date.slice(0, 10))).toEqual(['2026-02-23', '2026-03-02', '2026-03-09', '2026-03-16', '2026-03-23', '2026-03-30']);
    weeks.forEach((week, position) => {
      const next = weeks[position + 1]?.date ?? '9999';
      const daily = days.filter((day) => day.date >= week.date && day.date < next).reduce((sum, day) => sum + (day.value ?? 0), 0);
      expect(week.value).toBe(Math.round(daily * 10) / 10);
    });

    const oneDay = { period_type: 'dateToDate', period: 'day', sampling: 'minute', start: '2026-03-02T00:00:00+01:00', end: '2026-03-03T00:00:00+01:00' };
    const minutes = bucketsOf((await query({ ...oneDay, points: [{ point: index, calculation: 'last' }] })).body.data!, 0);
    expect(minutes).toHaveLength(24 * 60);
    expect(minutes.filter((minute) => minute.value !== null)).toEqual(
      march.filter((entry) => entry.date >= '2026-03-01T23:00' && entry.date < '2026-03-02T23:00').map((entry, step) => ({
        date: `2026-03-02T${String(step * 6).padStart(2, '0')}:00:00+01:00`,
        value: entry.value,
      })),
    );
  });

  it('takes the median of the raw values of each bucket', async () => {
    const firstDays = { ...marchDays, end: '2026-03-04T00:00:00+01:00' };
    const medians = valuesOf(await query({ ...firstDays, points: [{ point: index, calculation: 'median' }] }));
    const expected = [0, 1, 2].map((day) => {
      const values = march.slice(day * 4, day * 4 + 4).map((entry) => entry.value).sort((a, b) => a - b);
      return (values[1] + values[2]) / 2;
    });
    expect(medians).toEqual(expected);
  });

  it('converts units and rounds per unit', async () => {
    const answer = await query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'diff', unit_conversion: { to: 'MWh' } }] });
    expect(answer.body.data?.series[0].unit).toBe('MWh');
    expect(valuesOf(answer)?.[0]).toBe(Math.round(((march.at(-1)!.value - march[0].value) / 1000) * 100) / 100);
  });

  it('refuses a date-to-date range that does not end after it starts', async () => {
    for (const end of [marchDays.start, '2026-02-01T00:00:00+01:00']) {
      const answer = await query({ ...marchDays, end, points: [{ point: index }] });
      expect(answer.status).toBe(400);
      expect(answer.body.data).toBeUndefined();
    }
  });

  it('corrects a sampling that does not fit the period', async () => {
    const answer = await query({ period_type: 'fixedPeriod', period: 'year', sampling: 'hour', points: [{ point: index }] });
    expect(answer.body.data?.sampling).toBe('day');
  });

  it('replaces a value written twice at the same time, and the rollups follow', async () => {
    await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: index, date: march[8].date, value: 99_999 }] } });
    const answer = await eventually(
      () => query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'max' }] }),
      (result) => valuesOf(result)?.[0] === 99_999,
    );
    expect(valuesOf(answer)?.[0]).toBe(99_999);
    const count = await query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'count' }] });
    expect(valuesOf(count)?.[0]).toBe(march.length);
  });

  it('deletes a day of values with bare-date bounds (00:00 to 23:59)', async () => {
    const deleted = await api<{ deleted: number }>('DELETE', `/api/v2/data/${index}/2026-03-03/2026-03-03`, { token: admin });
    expect(deleted.body.data?.deleted).toBe(4);
    const answer = await eventually(
      () => query({ ...marchDays, points: [{ point: index, calculation: 'count' }] }),
      (result) => valuesOf(result)?.[2] === 0,
    );
    expect(valuesOf(answer)?.slice(0, 4)).toEqual([4, 4, 0, 4]);
  });

  it('writes nothing when one entry of a batch is bad', async () => {
    const before = valuesOf(await query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'count' }] }));
    const answer = await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [{ point: index, date: '2026-03-15T10:00:00Z', value: 1 }, { point: 'pt-unknown', date: '2026-03-15T10:00:00Z', value: 1 }] },
    });
    expect(answer.status).toBe(404);
    const bad = await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: index, date: 'yesterday', value: 1 }] } });
    expect(bad.status).toBe(400);
    // Nothing reached the raw partition, which is read directly: no wait for the rollups to tell.
    expect(await series.rawValues(seriesRef(index), '202603', '2026-03-15T10:00:00Z')).toEqual([]);
    expect(valuesOf(await query({ ...marchDays, sampling: 'month', points: [{ point: index, calculation: 'count' }] }))).toEqual(before);
  });

  it('keeps another customer away from these values (404 for ingest, query and delete)', async () => {
    expect((await api('POST', '/api/v1/data', { token: otherCustomerAdmin, body: { point: index, date: '2026-03-15T10:00:00Z', value: 1 } })).status).toBe(404);
    expect((await query({ ...marchDays, points: [{ point: index }] }, otherCustomerAdmin)).status).toBe(404);
    expect((await api('DELETE', `/api/v2/data/${index}/none/none`, { token: otherCustomerAdmin })).status).toBe(404);
  });
});

describe('calculated points', () => {
  it('computes the formula from its sources, and follows new source data', async () => {
    const a = await createPoint({ name: 'Index chaufferie', resource: 'gaz', series_type: 'index', unit: 'kWh' });
    const b = await createPoint({ name: 'Appoint', resource: 'gaz', series_type: 'counter', unit: 'kWh' });
    const hour = (h: number) => new Date(Date.parse('2026-05-10T00:00:00+02:00') + h * 3_600_000).toISOString();
    await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [100, 110, 130].flatMap((value, h) => [{ point: a, date: hour(h), value }, { point: b, date: hour(h), value: h + 1 }]) },
    });
    // A + B over hourly steps: A's consumption (diff) plus B's sum.
    const totalOf = (name: string, settings: Record<string, unknown> = {}) =>
      api<{ _id: string }>('POST', '/api/v1/points', {
        token: admin,
        body: {
          name,
          technical_id: unique(),
          resource: 'gaz',
          series_type: 'counter',
          unit: 'kWh',
          location: ['loc-grenoble'],
          periodicity: 3600,
          calculation: {
            formula: 'A + B',
            points_list: [
              { point_id: a, point_calculation: 'diff', replacement_letter: 'A' },
              { point_id: b, point_calculation: 'sum', replacement_letter: 'B' },
            ],
            ...settings,
          },
        },
      });
    const saved = await totalOf('Gaz total');
    expect(saved.body.msg).toBe('calculation_launched');
    const day = { period_type: 'dateToDate', sampling: 'day', period: 'day', start: '2026-05-10T00:00:00+02:00', end: '2026-05-11T00:00:00+02:00' };
    const total = () => query({ ...day, points: [{ point: saved.body.data!._id, calculation: 'sum' }] });
    // Hourly steps: A's diffs 0, 10, 20 plus B's sums 1, 2, 3.
    expect(valuesOf(await eventually(total, (answer) => valuesOf(answer)?.[0] === 36))).toEqual([36]);

    await api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: a, date: hour(3), value: 150 }, { point: b, date: hour(3), value: 4 }] } });
    expect(valuesOf(await eventually(total, (answer) => valuesOf(answer)?.[0] === 60))).toEqual([60]);

    // The same formula at a forced two-hour step, applied from 01:00: the 00:00 step starts
    // before that and is left out; the 02:00 step holds A's diff 150 − 110 = 40 and B's 3 + 4.
    const bounded = await totalOf('Gaz total borné', { force_periodicity_reference: true, periodicity_reference_forced: 7200, apply_from: hour(1) });
    expect(bounded.body.msg).toBe('calculation_launched');
    const hourly = () => query({ ...day, sampling: 'hour', points: [{ point: bounded.body.data!._id, calculation: 'sum' }] });
    const values = valuesOf(await eventually(hourly, (answer) => valuesOf(answer)?.[2] === 47));
    expect(values?.slice(0, 5)).toEqual([null, null, 47, null, null]);
  });
});

describe('IPMVP aggregate', () => {
  it('answers one calculation over a whole period, or "no data found"', async () => {
    const meter = await createPoint({ name: 'Eau froide', resource: 'water', series_type: 'counter', unit: 'm³' });
    const now = new Date();
    await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [1.5, 2.25, 3].map((value, i) => ({ point: meter, date: new Date(now.getTime() - (i + 1) * 60_000).toISOString(), value })) },
    });
    const answer = await eventually(
      () => api<{ value: number; unit: string }>('POST', '/api/v1/data/aggregate/IPMVP', { token: admin, body: { sampling: 'year', point: meter, calculation: 'sum', offset: 0 } }),
      (result) => result.body.data?.value === 6.75,
    );
    expect(answer.body.data).toMatchObject({ value: 6.75, unit: 'm³' });
    const none = await api('POST', '/api/v1/data/aggregate/IPMVP', { token: admin, body: { sampling: 'year', point: meter, calculation: 'sum', offset: 5 } });
    expect(none.status).toBe(404);
    expect(none.body.msg).toBe('no_data_found');
  });
});

describe('unit conversion of a point', () => {
  it('converts the stored values when the unit changes within its family', async () => {
    const technicalId = unique();
    const id = (
      await api<{ _id: string }>('POST', '/api/v1/points', {
        token: admin,
        body: { name: 'Sous-compteur', technical_id: technicalId, resource: 'electricity', series_type: 'counter', unit: 'Wh', location: ['loc-grenoble'] },
      })
    ).body.data!._id;
    await api('POST', '/api/v1/data', {
      token: admin,
      body: { data: [1500, 2500].map((value, hour) => ({ point: id, date: `2026-07-01T0${hour}:00:00+02:00`, value })) },
    });
    const day = { period_type: 'dateToDate', period: 'day', sampling: 'day', start: '2026-07-01T00:00:00+02:00', end: '2026-07-02T00:00:00+02:00' };
    // The single writes are rolled up first (a stream batch still in flight when the conversion
    // rewrites the same hours could leave a stale rollup: see the closing note).
    await eventually(() => query({ ...day, points: [{ point: id, calculation: 'sum' }] }), (answer) => valuesOf(answer)?.[0] === 4000);
    const saved = await api('PUT', '/api/v1/points', {
      token: admin,
      body: { _id: id, name: 'Sous-compteur', technical_id: technicalId, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: ['loc-grenoble'] },
    });
    expect(saved.body.msg).toBe('conversion_launched');
    const total = await eventually(
      () => query({ ...day, points: [{ point: id, calculation: 'sum' }] }),
      (answer) => valuesOf(answer)?.[0] === 4,
    );
    expect(valuesOf(total)).toEqual([4]);
    expect(total.body.data?.series[0].unit).toBe('kWh');
  });
});

describe('the latest value date under concurrent writers', () => {
  it('holds the latest date after 20 writers send values at the same moment in any order, and edits of the point meanwhile keep theirs', async () => {
    const fields = { technical_id: unique(), location: ['loc-grenoble'], name: 'Compteur concurrent', resource: 'electricity', series_type: 'measure', unit: 'kW' };
    const id = await createPoint(fields);
    const dates = Array.from({ length: 20 }, (_, hour) => new Date(Date.parse('2026-05-01T00:00:00Z') + hour * 3_600_000).toISOString());
    // Scrambled, the latest neither first nor last.
    const order = dates.map((_, index) => dates[(index * 7 + 3) % 20]);
    const answers = await Promise.all([
      ...order.map((date, index) => api('POST', '/api/v1/data', { token: admin, body: { data: [{ point: id, date, value: index + 1 }] } })),
      api('PUT', '/api/v1/points', { token: admin, body: { ...fields, _id: id, name: 'Compteur concurrent renommé' } }),
    ]);
    expect(answers.map((answer) => answer.status)).toEqual(answers.map(() => 200));
    const saved = (await api<{ _id: string; name: string; last_data_date: string }[]>('GET', '/api/v1/points', { token: admin })).body.data!.find((entry) => entry._id === id);
    expect(saved).toMatchObject({ name: 'Compteur concurrent renommé', last_data_date: dates[19] });
  });
});
