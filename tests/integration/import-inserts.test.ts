import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { DynamoDBClient, GetItemCommand } from '@aws-sdk/client-dynamodb';
import type { Point } from '@shared/schemas/point';
import { awsEnvironment } from '../../infra/local/emulator';
import type { StoredValue } from '../../functions/src/data/raw-value-repository';
import { seriesKeys } from '../../functions/src/data/series-keys';
import { api } from '../support/api';
import { series } from '../support/aws';
import { anotherPremiumCustomer } from '../support/customers';
import { dynamoLedger, ledgerTable } from '../support/dynamo-ledger';
import { testEnvironment } from '../support/environment';

/**
 * The bulk path's new hour items put by PartiQL INSERTs, 25 a BatchExecuteStatement (issue 41,
 * docs/architecture/bulk-writes.md), in the emulator's series table: an hour another writer put
 * between the import's comparison read and its batch is merged, not lost, nor are the batch's
 * other hours; an INSERTed item is the item a conditional PutItem writes, attribute for attribute;
 * the usage meter counts a unit an INSERT, the one that found its key taken included.
 * Run by the services in this process.
 */
const MINUTE = 60_000;
const at = (iso: string) => Date.parse(iso);
const DAY = at('2026-03-02T00:00:00Z');

let customerId: string;
let imported: Point;
let putAlone: Point;
let writes: typeof import('../../functions/src/services/series-write-service');

const valuesOf = (point: Point, instants: readonly number[]): StoredValue[] =>
  instants.map((instant) => ({ pointId: point._id, customerId, at: instant, value: 100 + (instant - DAY) / MINUTE / 10, status: '1', zone: 'Europe/Paris' }));
/** Last data dates far ahead: no write here advances a point's. */
const byPoint = () => new Map([imported, putAlone].map((point) => [point._id, { ...point, last_data_date: '2100-01-01T00:00:00.000Z' }]));
const dayOfTenMinutes = Array.from({ length: 144 }, (_, index) => DAY + index * 10 * MINUTE);

/** An hour item as the table holds it (wire format: every attribute's type shows). */
const storedItem = async (point: Point, hour: number) => {
  const environment = testEnvironment();
  const client = new DynamoDBClient({ endpoint: environment.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  const key = seriesKeys.raw({ customerId, pointId: point._id }, hour);
  return (await client.send(new GetItemCommand({ TableName: environment.seriesTable, Key: { PK: { S: key.PK }, SK: { S: key.SK } }, ConsistentRead: true }))).Item;
};

beforeAll(async () => {
  let token: string;
  ({ customerId, token } = await anotherPremiumCustomer());
  const environment = testEnvironment();
  Object.assign(process.env, awsEnvironment(environment.endpoint), { ENTITIES_TABLE: environment.entitiesTable, SERIES_TABLE: environment.seriesTable });
  writes = await import('../../functions/src/services/series-write-service');
  const location = await api<{ _id: string }>('POST', '/api/v2/locations', { token, body: { name: `Poste ${randomUUID().slice(0, 6)}` } });
  expect(location.status).toBe(200);
  const created = await Promise.all(
    ['Compteur importé', 'Compteur témoin'].map((name) =>
      api<Point>('POST', '/api/v1/points', {
        token,
        body: { name, technical_id: `INSERT-${randomUUID().slice(0, 8)}`, resource: 'electricity', series_type: 'counter', unit: 'kWh', location: [location.body.data!._id] },
      }),
    ),
  );
  [imported, putAlone] = created.map((answer) => answer.body.data!);
});

describe('new hour items of the bulk path by PartiQL INSERT (issue 41)', () => {
  it('merges, and loses nothing of, an hour another writer put between the comparison read and the INSERT batch', async () => {
    const { dynamo } = await import('../../functions/src/clients/dynamodb');
    const contestedHour = at('2026-03-02T05:00:00Z');
    // A single write of another container: a value at 05:03, where the import has none, and one at 05:10, which the import writes too.
    const others = [
      { at: contestedHour + 3 * MINUTE, value: 77 },
      { at: contestedHour + 10 * MINUTE, value: 66 },
    ];
    let batches = 0;
    const name = `anotherWriter-${randomUUID()}`;
    // Before the import's first batch of INSERTs leaves (its comparison read done, every hour found absent), the other writer puts its hour.
    dynamo.middlewareStack.add(
      (next, context) => async (args) => {
        if (context.commandName === 'BatchExecuteStatementCommand' && batches++ === 0) await series.putRaw({ customerId, pointId: imported._id }, others);
        return next(args);
      },
      { step: 'initialize', name },
    );
    let ledger: Awaited<ReturnType<typeof dynamoLedger>>;
    try {
      ledger = await dynamoLedger(() => writes.storeValuesInBulk(customerId, valuesOf(imported, dayOfTenMinutes), byPoint(), { announce: false }));
    } finally {
      dynamo.middlewareStack.remove(name);
    }
    console.info(`an import's day with another writer's hour meanwhile:\n${ledgerTable(ledger.lines)}`);
    expect(batches).toBeGreaterThanOrEqual(1);

    const stored = await series.rawOfMonths({ customerId, pointId: imported._id }, ['202603']);
    // The import's 144 values, the other writer's 05:03 beside them; at 05:10 the import's later write wins, once.
    expect(stored).toHaveLength(145);
    expect(new Set(stored.map((entry) => entry.at)).size).toBe(145);
    expect(stored.find((entry) => entry.at === others[0].at)).toMatchObject({ value: 77 });
    expect(stored.filter((entry) => entry.at !== others[0].at).map((entry) => entry.value)).toEqual(valuesOf(imported, dayOfTenMinutes).map((value) => value.value));
    // The contested hour: the other writer's version, then the import's merge on it (bulk: it carries its own rollups).
    expect(await storedItem(imported, contestedHour)).toMatchObject({ n: { N: '2' }, b: { N: '1' } });
    expect(await storedItem(imported, at('2026-03-02T06:00:00Z'))).toMatchObject({ n: { N: '1' }, b: { N: '1' } });

    // 23 hours INSERTed at a unit each, the one taken at a unit too (a failed condition is billed), then read and put on its version.
    const line = (kind: string) => ledger.lines.find((entry) => entry.kind === kind);
    expect(line('raw hour item · PartiQL INSERT')?.wcu).toBe(23);
    expect(line('raw hour item · PartiQL INSERT (DuplicateItem)')?.wcu).toBe(1);
    expect(line('raw hour item · PutItem')?.wcu).toBe(1);
    expect(line('raw hour item · Transact Put')).toBeUndefined();
    // The usage meter counts what the ledger counts of these writes, the taken INSERT included. Other failed conditions
    // it leaves out, as it always has: the other writer's single write is rolled up by the table stream meanwhile, so
    // the import may find its points' extent markers set already (a failed condition a level, harmless, timing-dependent).
    const metered = ledger.lines.filter((entry) => !entry.kind.includes('condition failed'));
    expect(ledger.meter.wcu).toBe(metered.reduce((sum, entry) => sum + entry.wcu, 0));
  });

  it('INSERTs the very item a conditional PutItem writes: the same attributes, of the same types and bytes', async () => {
    const hour = at('2026-03-02T02:00:00Z');
    // One hour alone (fewer than 8 hours in the write): put by a conditional PutItem, where the import above INSERTed its own.
    await writes.storeValuesInBulk(customerId, valuesOf(putAlone, dayOfTenMinutes.filter((instant) => instant >= hour && instant < hour + 60 * MINUTE)), byPoint(), { announce: false });
    const [inserted, put] = await Promise.all([storedItem(imported, hour), storedItem(putAlone, hour)]);
    expect(inserted).toBeDefined();
    expect(Object.keys(inserted!).sort()).toEqual(Object.keys(put!).sort());
    const { PK: insertedPK, ...insertedRest } = inserted!;
    const { PK: putPK, ...putRest } = put!;
    expect(insertedPK.S).toContain(imported._id);
    expect(putPK.S).toContain(putAlone._id);
    expect(insertedRest).toEqual(putRest);
    expect(Object.values(insertedRest).some((value) => value.B !== undefined)).toBe(true);
  });
});
