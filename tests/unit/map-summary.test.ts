import { describe, expect, it, vi } from 'vitest';
import type { Point } from '@shared/schemas/point';
import {
  mergeSiteChanges,
  pointSummaryChanges,
  readSummary,
  siteUpdateOf,
  summaryAttributesOf,
  type SiteChange,
  type SiteSummary,
  type Summarised,
} from '../../functions/src/data/map-summary';

// The table's name is read from the settings when the module loads.
vi.hoisted(() => {
  process.env.ENTITIES_TABLE ??= 'entities-test';
});

const meter = (fields: Partial<Point> = {}): Summarised => ({
  _id: 'pt-1',
  location: ['loc-a'],
  resource: 'electricity',
  series_type: 'index',
  unit: 'kWh',
  calculation: null,
  hide_on_maplytics: false,
  last_data_date: '2026-10-15T10:00:00.000Z',
  ...fields,
});
const thermometer = (fields: Partial<Point> = {}): Summarised => meter({ _id: 'pt-2', resource: 'temperature', series_type: 'measure', unit: '°C', ...fields });

/** What the table does with a site's update, by the parts' meaning (set or remove a point's attributes). */
const apply = (table: Map<string, Record<string, unknown>>, changes: readonly SiteChange[]) => {
  for (const { site, parts } of changes) {
    const item = { ...(table.get(site) ?? {}) };
    for (const part of parts) {
      if (part.remove) {
        delete item[`p_${part.point}`];
        delete item[`d_${part.point}`];
        continue;
      }
      item[`p_${part.point}`] = part.entry;
      if (part.entry !== 1 && part.date) item[`d_${part.point}`] = part.keepDate ? (item[`d_${part.point}`] ?? part.date) : part.date;
      else delete item[`d_${part.point}`];
    }
    table.set(site, item);
  }
};
const summaries = (table: Map<string, Record<string, unknown>>): Map<string, SiteSummary> =>
  new Map([...table].map(([site, item]): [string, SiteSummary] => [site, readSummary({ ...item, SK: site })]).filter(([, summary]) => summary.shown.length > 0));
const rebuilt = (points: readonly Summarised[]) => summaries(summaryAttributesOf(points));

describe("maplytics' site summaries", () => {
  it('hold each shown point of a site, rated meters with what the series engine reads and their last date', () => {
    const summary = readSummary({ SK: 'loc-a', ...summaryAttributesOf([meter(), thermometer()]).get('loc-a') });
    expect(summary).toEqual({
      site: 'loc-a',
      shown: ['pt-1', 'pt-2'],
      rated: [{ _id: 'pt-1', series_type: 'index', unit: 'kWh', location: 'loc-a', last_data_date: '2026-10-15T10:00:00.000Z' }],
    });
  });

  it('leave out points hidden from maplytics, count a point on two sites on each, and rate by the first location\'s zone', () => {
    const points = [meter({ location: ['loc-b', 'loc-a', 'loc-b'] }), thermometer({ hide_on_maplytics: true }), meter({ _id: 'pt-3', unit: '°C' })];
    const bySite = rebuilt(points);
    expect(bySite.get('loc-a')!.shown).toEqual(['pt-1', 'pt-3']);
    expect(bySite.get('loc-a')!.rated.map((rated) => [rated._id, rated.location])).toEqual([['pt-1', 'loc-b']]);
    expect(bySite.get('loc-b')!.shown).toEqual(['pt-1']);
  });

  it('follow a point created, moved between sites, hidden, shown, re-rated and deleted as a rebuild from its points would', () => {
    const table = new Map<string, Record<string, unknown>>();
    const steps: (Summarised | null)[] = [
      meter(),
      meter({ location: ['loc-b'] }),
      meter({ location: ['loc-b', 'loc-c'] }),
      meter({ location: ['loc-b', 'loc-c'], hide_on_maplytics: true }),
      meter({ location: ['loc-c'] }),
      meter({ location: ['loc-c'], unit: '°C' }),
      meter({ location: ['loc-c'], series_type: 'counter' as Point['series_type'] }),
      null,
    ];
    let before: Summarised | null = null;
    for (const after of steps) {
      const changes = pointSummaryChanges(before, after);
      apply(table, changes);
      expect(summaries(table)).toEqual(rebuilt(after ? [after] : []));
      // A write retried (or a save of the same state) changes nothing: nothing doubled, nothing lost.
      apply(table, changes);
      if (after) apply(table, pointSummaryChanges(after, after));
      expect(summaries(table)).toEqual(rebuilt(after ? [after] : []));
      before = after;
    }
    expect(summaries(table).size).toBe(0);
  });

  it('keep a later date ingestion wrote when a save writes the date it read', () => {
    const table = new Map<string, Record<string, unknown>>();
    apply(table, pointSummaryChanges(null, meter()));
    table.get('loc-a')!['d_pt-1'] = '2026-11-20T00:00:00.000Z';
    apply(table, pointSummaryChanges(meter(), meter({ unit: 'MWh' })));
    expect(readSummary({ SK: 'loc-a', ...table.get('loc-a') }).rated[0]).toMatchObject({ unit: 'MWh', last_data_date: '2026-11-20T00:00:00.000Z' });
  });

  it('merge several points of one site into one update, which names each point by placeholders and adds to the version', () => {
    const merged = mergeSiteChanges([...pointSummaryChanges(null, meter()), ...pointSummaryChanges(thermometer(), thermometer({ location: ['loc-b'] }))]);
    expect(merged.map((change) => [change.site, change.parts.length])).toEqual([
      ['loc-a', 2],
      ['loc-b', 1],
    ]);
    const update = siteUpdateOf('cust-a', merged[0]);
    expect(update.Key).toEqual({ PK: 'C#cust-a#MAPSUM', SK: 'loc-a' });
    expect(update.UpdateExpression).toBe('SET #k = :k, #p0 = :p0, #d0 = :d0 REMOVE #p1, #d1 ADD #v :one');
    expect(update.ExpressionAttributeNames).toMatchObject({ '#p0': 'p_pt-1', '#d0': 'd_pt-1', '#p1': 'p_pt-2', '#d1': 'd_pt-2' });
    expect(update.ExpressionAttributeValues[':p0']).toEqual({ t: 'index', u: 'kWh', l: 'loc-a' });
  });
});
