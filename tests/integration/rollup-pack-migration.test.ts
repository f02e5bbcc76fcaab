import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import type { Aggregate } from '@shared/series/aggregate';
import { awsEnvironment } from '../../infra/local/emulator';
import { encodePack, type StoredRollup } from '../../functions/src/data/rollup-pack';
import { seriesKeys } from '../../functions/src/data/series-keys';
import { recomputedRollups } from '../support/rollup-check';
import { testEnvironment } from '../support/environment';
import { series, seriesRef } from '../support/aws';

/**
 * The migration from the legacy rollup packs (hours of a UTC month, days of a UTC year) to the
 * small ones, run in this process through the repositories the functions use: a point laid out
 * as an old deployment left it reads right while the flag is set, a writer meanwhile starts its
 * new pack from the legacy buckets, and the migration (run twice) leaves only current packs equal
 * to a recomputation from the raw values.
 */
const HOUR = 3_600_000;
const ZONE = 'Europe/Paris';
const ref = seriesRef(`pt-legacy-${Date.now()}`);
// 30 January to 2 February 2026, hourly: local days and the local month straddle UTC days and months.
const from = Date.parse('2026-01-30T00:00:00Z');
let values = Array.from({ length: 96 }, (_, hour) => ({ at: from + hour * HOUR, value: 100 + hour * 3 }));

let documents: DynamoDBDocumentClient;
type Modules = {
  repository: typeof import('../../functions/src/data/rollup-repository');
  layout: typeof import('../../functions/src/data/rollup-layout');
  migration: typeof import('../../functions/src/services/rollup-pack-migration');
  writes: typeof import('../../functions/src/services/series-write-service');
  buckets: typeof import('../../functions/src/services/rollup-buckets');
};
let modules: Modules;

const TableName = () => testEnvironment().seriesTable;

// b = 1: written by a bulk writer, left alone by the stream (this test rolls them up itself); merged into their hour items.
const putRawInBulk = async (entries: { at: number; value: number }[]) => {
  const { putRawValues } = await import('../../functions/src/data/raw-value-repository');
  await putRawValues(entries.map(({ at, value }) => ({ ...ref, at, value, status: '1', zone: ZONE })), { bulk: true });
};

const groupedBy = <T>(items: readonly T[], keyOf: (item: T) => string): [string, T[]][] => {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(keyOf(item), [...(groups.get(keyOf(item)) ?? []), item]);
  return [...groups];
};

const rollupsOf = (buckets: Map<number, Aggregate>): StoredRollup[] => [...buckets].map(([start, aggregate]) => ({ ...aggregate, start })).sort((a, b) => a.start - b.start);

const packItems = async (level: 'hour' | 'day' | 'month') =>
  (
    await documents.send(
      new QueryCommand({ TableName: TableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': seriesKeys.rollupPartition(ref, level) }, ConsistentRead: true }),
    )
  ).Items ?? [];

const expected = () => recomputedRollups(values.map((value) => ({ ...value, zone: ZONE })));

beforeAll(async () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: environment.endpoint, region: process.env.AWS_REGION }));
  modules = {
    repository: await import('../../functions/src/data/rollup-repository'),
    layout: await import('../../functions/src/data/rollup-layout'),
    migration: await import('../../functions/src/services/rollup-pack-migration'),
    writes: await import('../../functions/src/services/series-write-service'),
    buckets: await import('../../functions/src/services/rollup-buckets'),
  };
  // The point as an old deployment left it: raw values, month markers, legacy hour and day packs, the month pack.
  await putRawInBulk(values);
  await documents.send(new BatchWriteCommand({ RequestItems: { [TableName()]: ['202601', '202602'].map((month) => ({ PutRequest: { Item: seriesKeys.rawMonth(ref, month) } })) } }));
  const { hour, day, month } = expected();
  const legacyItems = [
    ...groupedBy(rollupsOf(hour), (rollup) => seriesKeys.legacyPackOf('hour', rollup.start)!).map(([SK, rollups]) => ({ level: 'hour' as const, SK, rollups })),
    ...groupedBy(rollupsOf(day), (rollup) => seriesKeys.legacyPackOf('day', rollup.start)!).map(([SK, rollups]) => ({ level: 'day' as const, SK, rollups })),
    // Month packs are by the UTC year a month starts in (local January 2026 starts on 31 December 2025 at 23:00 UTC): unchanged by the migration.
    ...groupedBy(rollupsOf(month), (rollup) => seriesKeys.packOf('month', rollup.start)).map(([SK, rollups]) => ({ level: 'month' as const, SK, rollups })),
  ];
  await documents.send(
    new BatchWriteCommand({
      RequestItems: {
        [TableName()]: legacyItems.map(({ level, SK, rollups }) => ({
          PutRequest: { Item: { PK: seriesKeys.rollupPartition(ref, level), SK, n: rollups.length, ...encodePack(rollups), ver: 1 } },
        })),
      },
    }),
  );
  await modules.layout.setLegacyPacks(true);
});

afterAll(async () => {
  await modules?.layout.setLegacyPacks(false);
});

describe('the migration to the small rollup packs', () => {
  it('reads a point still in the legacy layout right while the flag is set', async () => {
    const { hour, day } = expected();
    const [rangeFrom, rangeTo] = [Date.parse('2026-01-31T05:00:00Z'), Date.parse('2026-02-01T20:00:00Z')];
    const hours = await modules.repository.listRollups(ref, 'hour', rangeFrom, rangeTo);
    expect(hours).toEqual(rollupsOf(hour).filter((rollup) => rollup.start >= rangeFrom && rollup.start < rangeTo));
    const [ranged] = await modules.repository.readRollupRanges([{ series: ref, level: 'day', from: rangeFrom, to: rangeTo, before: true }], { every: ['last'], head: ['first'] });
    expect(ranged.rollups.map((rollup) => [rollup.start, rollup.last])).toEqual(rollupsOf(day).filter((rollup) => rollup.start >= rangeFrom && rollup.start < rangeTo).map((rollup) => [rollup.start, rollup.last]));
    expect(ranged.before?.last).toBe(rollupsOf(day).filter((rollup) => rollup.start < rangeFrom).at(-1)!.last);
    expect((await modules.repository.latestRollupBefore(ref, 'hour', rangeFrom))?.start).toBe(rangeFrom - HOUR);
  });

  it('starts a pack created meanwhile from the legacy buckets, so the stretch stays whole', async () => {
    expect((await series.checkRollups([ref])).mismatches).toEqual([]);
    const changedAt = Date.parse('2026-01-31T10:00:00Z');
    values = values.map((value) => (value.at === changedAt ? { ...value, value: 9_999 } : value));
    await putRawInBulk([{ at: changedAt, value: 9_999 }]);
    await modules.buckets.recomputeSeriesBuckets(ref, ZONE, [changedAt]);
    const created = (await packItems('hour')).filter((item) => !seriesKeys.isLegacyPack('hour', String(item.SK)));
    expect(created.map((item) => item.SK)).toEqual(['20260131']);
    expect(created[0].n).toBe(24);
    const { hour } = expected();
    const day = [Date.parse('2026-01-31T00:00:00Z'), Date.parse('2026-02-01T00:00:00Z')];
    expect(await modules.repository.listRollups(ref, 'hour', day[0], day[1])).toEqual(rollupsOf(hour).filter((rollup) => rollup.start >= day[0] && rollup.start < day[1]));
  });

  it('repacks, mends and deletes the legacy packs, and changes nothing when run again', async () => {
    const mend = (entries: { at: number; value: number; status: string }[]) =>
      modules.writes
        .storeValuesInBulk(ref.customerId, entries.map((entry) => ({ ...entry, status: '1' as const, pointId: ref.pointId, customerId: ref.customerId, zone: ZONE })), new Map(), { announce: false, noteDates: false })
        .then(() => undefined);
    const first = await modules.migration.migrateSeries(ref, mend);
    expect(first.deleted).toBe(3);
    expect(first.created).toBeGreaterThan(3);
    for (const level of ['hour', 'day'] as const) expect((await packItems(level)).filter((item) => seriesKeys.isLegacyPack(level, String(item.SK)))).toEqual([]);
    expect((await packItems('hour')).map((item) => item.SK)).toEqual(['20260130', '20260131', '20260201', '20260202']);
    expect((await packItems('day')).map((item) => item.SK)).toEqual(['202601', '202602']);
    expect((await series.checkRollups([ref])).mismatches).toEqual([]);
    expect(await modules.migration.migrateSeries(ref, mend)).toEqual({ created: 0, deleted: 0 });
    expect((await series.checkRollups([ref])).mismatches).toEqual([]);
  });
});
