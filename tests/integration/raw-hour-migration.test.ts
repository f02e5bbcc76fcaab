import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BatchWriteCommand, DynamoDBDocumentClient, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { awsEnvironment } from '../../infra/local/emulator';
import { seriesKeys } from '../../functions/src/data/series-keys';
import { testEnvironment } from '../support/environment';
import { series, seriesRef } from '../support/aws';
import { eventually } from '../support/eventually';

/**
 * Raw values packed per point-hour (issue 41), run in this process through the repositories the
 * functions use: a point laid out as an old deployment left it (one item per value) reads right
 * while the legacy flag is set, a value written or deleted meanwhile is not undone by the
 * migration, and the migration (run twice) leaves only hour items holding every value once.
 */
const HOUR = 3_600_000;
const ZONE = 'Europe/Paris';
const ref = seriesRef(`pt-rawhour-${Date.now()}`);
// 31 October 23:00 to 1 November 01:50 UTC at ten minutes: three hours over two UTC months.
const from = Date.parse('2026-10-31T23:00:00Z');
const legacyValues = Array.from({ length: 18 }, (_, index) => ({ at: from + index * 600_000, value: 10 + index }));

let documents: DynamoDBDocumentClient;
type Modules = {
  raw: typeof import('../../functions/src/data/raw-value-repository');
  layout: typeof import('../../functions/src/data/raw-layout');
  migration: typeof import('../../functions/src/services/raw-hour-migration');
};
let modules: Modules;
const TableName = () => testEnvironment().seriesTable;

const partitionItems = async (month: string) =>
  (
    await documents.send(
      new QueryCommand({ TableName: TableName(), KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': seriesKeys.rawPartition(ref, month) }, ConsistentRead: true }),
    )
  ).Items ?? [];

beforeAll(async () => {
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  documents = DynamoDBDocumentClient.from(new DynamoDBClient({ endpoint: environment.endpoint, region: process.env.AWS_REGION }));
  modules = {
    raw: await import('../../functions/src/data/raw-value-repository'),
    layout: await import('../../functions/src/data/raw-layout'),
    migration: await import('../../functions/src/services/raw-hour-migration'),
  };
  // The point as an old deployment left it: one item per value (b = 1: no rollup work for the stream), its month markers.
  await documents.send(
    new BatchWriteCommand({
      RequestItems: {
        [TableName()]: [
          ...legacyValues.map(({ at, value }) => ({ PutRequest: { Item: { ...seriesKeys.legacyRaw(ref, at), t: at, v: value, s: '1', z: ZONE, c: ref.customerId, b: 1 } } })),
          ...['202610', '202611'].map((month) => ({ PutRequest: { Item: seriesKeys.rawMonth(ref, month) } })),
        ],
      },
    }),
  );
  await modules.layout.setLegacyRaw(true);
});

afterAll(async () => {
  // Other files of the run read one layout again (the flag only adds reads).
  await modules?.layout.setLegacyRaw(false);
});

describe('raw values packed per point-hour', () => {
  it('reads a point still in the legacy layout while the flag is set, and a value written or deleted meanwhile wins', async () => {
    expect(await modules.raw.listRawEntries(ref, from, from + 3 * HOUR)).toEqual(legacyValues.map((value) => ({ ...value, status: '1' })));
    expect(await modules.raw.latestRawBefore(ref, from + HOUR + 1)).toEqual(legacyValues[6]);
    // A single write over a legacy value and a new one, then a deletion of a legacy value.
    await modules.raw.putRawValues([
      { ...ref, at: legacyValues[2].at, value: 500, status: '8', zone: ZONE },
      { ...ref, at: from + 5 * 60_000, value: 501, status: '8', zone: ZONE },
    ]);
    await modules.raw.deleteRawValues(ref, [legacyValues[8].at]);
    const expected = [...legacyValues.filter((_, index) => index !== 8).map((value) => ({ ...value, status: '1' })), { at: from + 5 * 60_000, value: 501, status: '8' }]
      .map((value) => (value.at === legacyValues[2].at ? { ...value, value: 500, status: '8' } : value))
      .sort((a, b) => a.at - b.at);
    expect(await modules.raw.listRawEntries(ref, from, from + 3 * HOUR, { consistent: true })).toEqual(expected);
    expect((await modules.raw.listRawEntriesOfMonth(ref, '202610')).length).toBe(7);
  });

  it('packs the legacy items under the hour items, deletes them, and changes nothing when run again', async () => {
    const before = await modules.raw.listRawEntries(ref, from, from + 3 * HOUR, { consistent: true });
    const first = await modules.migration.packSeries(ref, ZONE);
    expect(first.legacy).toBe(17);
    expect(first.hours).toBe(3);
    const items = [...(await partitionItems('202610')), ...(await partitionItems('202611'))];
    expect(items.map((item) => item.SK)).toEqual(['h1793487600000', 'h1793491200000', 'h1793494800000']);
    expect(await modules.raw.listRawEntries(ref, from, from + 3 * HOUR, { consistent: true })).toEqual(before);
    expect(await modules.migration.packSeries(ref, ZONE)).toEqual({ legacy: 0, hours: 0 });
    expect(await series.rawOfMonths(ref, ['202610', '202611'])).toEqual(before);
    // The stream rolled up the legacy deletions from the packed values: the rollups say what the raw values say.
    expect((await eventually(() => series.checkRollups([ref]), (check) => check.mismatched === 0, 30_000)).mismatches).toEqual([]);
  });
});
