import { describe, expect, it } from 'vitest';
import { calculate } from '@shared/series/calculations';
import type { FileLists } from '@shared/schemas/meter-file';
import { series, seriesRef } from '../support/aws';
import { eventually } from '../support/eventually';

const HOUR = 3_600_000;
const point = seriesRef(`pt-rollup-${Date.now()}`);


describe('rollups kept by the series stream', () => {
  // Europe/Paris, 24 to 26 October 2026: the 25th is the 25-hour day clocks go back.
  const from = Date.parse('2026-10-23T22:00:00Z');
  const readings = Array.from({ length: 73 }, (_, hour) => ({ at: from + hour * HOUR, value: 1000 + hour * 2 }));

  it('builds hour, day and month buckets in the local calendar, 25 hours on the autumn day', async () => {
    await series.putRaw(point, readings);
    const days = await eventually(
      () => series.rollups(point, 'day', '2026'),
      (rows) => rows.reduce((sum, row) => sum + row.count, 0) === readings.length,
    );
    expect(days.map((day) => day.count)).toEqual([24, 25, 24]);
    const hours = await series.rollups(point, 'hour', '202610');
    expect(hours).toHaveLength(73);
    const months = await series.rollups(point, 'month', '2026');
    expect(months).toHaveLength(1);
    expect(months[0]).toMatchObject({ count: 73, first: 1000, last: 1144, min: 1000, max: 1144 });
  });

  it('makes the daily diffs add up to the month diff', async () => {
    const days = await series.rollups(point, 'day', '2026');
    const months = await series.rollups(point, 'month', '2026');
    const asBuckets = (rows: typeof days) =>
      rows.map((row) => ({ start: row.start, aggregate: { ...row, firstAt: 0, lastAt: 0 } }));
    const daily = calculate('diff', { buckets: asBuckets(days), lastBefore: null }) as number[];
    const monthly = calculate('diff', { buckets: asBuckets(months), lastBefore: null }) as number[];
    expect(daily.reduce((sum, value) => sum + value, 0)).toBe(monthly[0]);
  });

  it('recomputes the touched buckets when a value is replaced', async () => {
    await series.putRaw(point, [{ at: readings[30].at, value: 5000 }]);
    const months = await eventually(
      () => series.rollups(point, 'month', '2026'),
      (rows) => rows[0]?.max === 5000,
    );
    expect(months[0]).toMatchObject({ count: 73, max: 5000 });
  });

  it('recomputes the touched buckets when a value is deleted, and drops emptied buckets', async () => {
    await series.deleteRaw(point, readings[30].at);
    const months = await eventually(
      () => series.rollups(point, 'month', '2026'),
      (rows) => rows[0]?.count === 72,
    );
    expect(months[0].max).toBe(1144);
    const hours = await series.rollups(point, 'hour', '202610');
    expect(hours).toHaveLength(72);
  });
});

describe('rollups under concurrent writers of the same hours', () => {
  it('end equal to the raw values when single writes (the stream) and a bulk import rewrite the same hours at once', async () => {
    const { api, login } = await import('../support/api');
    const admin = (await login('premiumAdministrator')).user.jwt;
    const technicalId = `RACE-${Date.now()}`;
    const created = await api<{ _id: string }>('POST', '/api/v1/points', {
      token: admin,
      body: { name: technicalId, technical_id: technicalId, resource: 'electricity', series_type: 'measure', unit: 'kWh', location: ['loc-grenoble'] },
    });
    const ref = seriesRef(created.body.data!._id);
    const start = Date.parse('2026-09-09T22:00:00Z');
    const hours = Array.from({ length: 24 }, (_, hour) => start + hour * HOUR);
    const files: string[] = [];
    for (let round = 1; round <= 4; round += 1) {
      const csv = hours.map((at, hour) => `${technicalId};${new Date(at).toISOString()};${round * 100 + hour}`).join('\n');
      const file = (await api<{ _id: string }>('POST', '/api/v1/data/upload-file', { token: admin, body: { name: `race-${round}.csv`, data: Buffer.from(csv).toString('base64') } })).body.data!;
      files.push(file._id);
      // The stream rolls up these single writes while the import rewrites the same hours in bulk.
      await Promise.all([
        series.putRaw(ref, hours.map((at, hour) => ({ at, value: round * 1000 + hour }))),
        api('PUT', '/api/v1/data/not-treated-files', { token: admin, body: { files: [file._id] } }),
      ]);
    }
    // Every import has ended (treated, or refused), so the raw values stay as they are from here on.
    const ended = async () => {
      const lists = (await api<FileLists>('GET', '/api/v1/data/not-treated-files', { token: admin })).body.data!;
      return [...lists.treatedFileList, ...lists.treatmentErrorFileList].map((file) => file._id);
    };
    await eventually(ended, (ids) => files.every((id) => ids.includes(id)), 40_000);
    // Whatever order they landed in, the rollups settle on what the raw values say.
    const totals = async () => {
      const [raw, hourRows, dayRows] = await Promise.all([series.rawOfMonths(ref, ['202609']), series.rollups(ref, 'hour', '202609'), series.rollups(ref, 'day', '2026')]);
      const sumOf = (rows: { sum: number }[]) => rows.reduce((sum, row) => sum + row.sum, 0);
      const countOf = (rows: { count: number }[]) => rows.reduce((sum, row) => sum + row.count, 0);
      return { raw: { count: raw.length, sum: raw.reduce((sum, value) => sum + value.value, 0) }, hours: { count: countOf(hourRows), sum: sumOf(hourRows) }, days: { count: countOf(dayRows), sum: sumOf(dayRows) } };
    };
    const same = (a: { count: number; sum: number }, b: { count: number; sum: number }) => a.count === b.count && a.sum === b.sum;
    const settled = await eventually(totals, ({ raw, hours: hourTotals, days }) => same(hourTotals, raw) && same(days, raw), 30_000);
    expect(settled.raw.count).toBe(hours.length);
    expect(settled.hours).toEqual(settled.raw);
    expect(settled.days).toEqual(settled.raw);
  });
});
