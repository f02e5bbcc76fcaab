import { Readable } from 'node:stream';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonLinesWrittenDuring } from '../../support/stdout-lines';
import type { Node } from 'constructs';
import { readSettings } from '../../../infra/lib/settings';
import { correlated, logger } from '../../../functions/src/logger';
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { BatchExecuteStatementCommand, DynamoDBDocumentClient, PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { anyItemSize, itemSize, numberSize } from '../../../functions/src/usage/dynamodb-units';
import { insertedItem, meterDynamo, readUnitsOf, writeUnitsOf } from '../../../functions/src/usage/dynamodb-meter';
import { insertStatement } from '../../../functions/src/data/raw-value-repository';
import { countCall, finishUsage, metering, startUsage } from '../../../functions/src/usage/meter';

const numberSizeOf = (text: string): number => numberSize(text);
const linesOf = (work: () => unknown) => jsonLinesWrittenDuring<Record<string, any>>(work);

afterEach(() => {
  vi.unstubAllEnvs();
});

describe('the usage meter', () => {
  it('meters nothing and writes no usage line when no sample rate is set', async () => {
    const handler = correlated(() => 'request-1', async () => {
      logger.info('work');
      countCall('s3:PutObject');
      return metering();
    });
    const lines = await linesOf(() => handler({}, undefined));
    expect(lines.map((line) => line.message)).toEqual(['work']);
  });

  it('writes one usage line per metered invocation, with its calls, log bytes, duration and memory', async () => {
    vi.stubEnv('USAGE_SAMPLE_RATE', '1');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_NAME', 'WattWiseApi-AlertsFunction');
    vi.stubEnv('AWS_LAMBDA_FUNCTION_MEMORY_SIZE', '512');
    const handler = correlated(() => 'request-2', async () => {
      logger.info('work');
      countCall('ses:SendEmail');
      countCall('ses:SendEmail');
    });
    const lines = await linesOf(() => handler({}, undefined));
    expect(lines.map((line) => line.message)).toEqual(['work', 'usage']);
    const usage = lines[1];
    expect(usage).toMatchObject({ fn: 'WattWiseApi-AlertsFunction', memoryMb: 512, correlationId: 'request-2', calls: { 'ses:SendEmail': 2 }, logLines: 1 });
    // The invocation's own line, newline included; the usage line does not count itself.
    expect(usage.logBytes).toBe(Buffer.byteLength(JSON.stringify(lines[0])) + 1);
    expect(usage.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('counts the CPU time the invocation spent and the resident memory at its end', async () => {
    vi.stubEnv('USAGE_SAMPLE_RATE', '1');
    const handler = correlated(() => 'request-3', async () => {
      // At least 30 ms of the process's CPU time and 30 ms of the clock (a busy machine lengthens the loop,
      // never shortens the CPU; the process's other threads may add CPU beside it), then 150 ms of waiting,
      // which the CPU time does not count.
      const cpuMs = () => {
        const { user, system } = process.cpuUsage();
        return (user + system) / 1000;
      };
      const [cpuUntil, clockUntil] = [cpuMs() + 30, performance.now() + 30];
      while (cpuMs() < cpuUntil || performance.now() < clockUntil) Math.sqrt(Math.random());
      await new Promise((resolve) => setTimeout(resolve, 150));
    });
    const [usage] = await linesOf(() => handler({}, undefined));
    expect(usage.message).toBe('usage');
    expect(usage.cpuMs).toBeGreaterThanOrEqual(20);
    expect(usage.cpuMs).toBeLessThan(usage.durationMs);
    expect(usage.rssMb).toBeGreaterThan(10);
  });

  it('samples invocations by the rate', () => {
    vi.stubEnv('USAGE_SAMPLE_RATE', '0.25');
    startUsage(0.2);
    expect(metering()).toBe(true);
    finishUsage(1);
    startUsage(0.3);
    expect(metering()).toBe(false);
    expect(finishUsage(1)).toBeNull();
  });
});

describe('the DynamoDB meter', () => {
  const item = { PK: { S: 'C#c' }, SK: { S: 'PT#p' }, value: { N: '12.5' } };
  const bigItem = { PK: { S: 'x' }, data: { S: 'a'.repeat(5000) } };

  it('counts reads from the sizes of the items answered', () => {
    expect(readUnitsOf('GetItem', {}, { Item: item })).toBe(0.5);
    expect(readUnitsOf('GetItem', { ConsistentRead: true }, { Item: bigItem })).toBe(2);
    expect(readUnitsOf('Query', {}, { Items: [bigItem, bigItem] })).toBe(1.5);
    expect(readUnitsOf('BatchGetItem', { RequestItems: { T: {} } }, { Responses: { T: [item, bigItem] } })).toBe(0.5 + 1);
  });

  it("counts a batch's keys not found at the least unit each, as GetItem does, and its unprocessed keys at none", () => {
    const keys = (count: number) => Array.from({ length: count }, (_, index) => ({ PK: { S: `k${index}` } }));
    // Four keys asked strongly consistent, one found, one left unprocessed: the found item's unit and two missing at 1.
    const answer = { Responses: { T: [item] }, UnprocessedKeys: { T: { Keys: keys(1) } } };
    expect(readUnitsOf('BatchGetItem', { RequestItems: { T: { Keys: keys(4), ConsistentRead: true } } }, answer)).toBe(1 + 2 * 1);
    // Eventually consistent, none found: half a unit a key.
    expect(readUnitsOf('BatchGetItem', { RequestItems: { T: { Keys: keys(3) } } }, { Responses: { T: [] } })).toBe(3 * 0.5);
  });

  it('takes the written units DynamoDB answered, and checks its table share against the items put', () => {
    const answered = writeUnitsOf('PutItem', { Item: bigItem }, { ConsumedCapacity: { TableName: 'T', CapacityUnits: 7, Table: { CapacityUnits: 5 } } });
    expect(answered).toEqual({ units: 7, check: { reported: 5, computed: 5 }, putBytes: 2 + 1 + 4 + 5000 });
  });

  it('checks a transaction of puts at 2 units per started KB of each item (the raw hour items an import puts together), not one with other actions', () => {
    const puts = { TransactItems: [{ Put: { Item: item } }, { Put: { Item: bigItem } }] };
    expect(writeUnitsOf('TransactWriteItems', puts, { ConsumedCapacity: [{ TableName: 'T', CapacityUnits: 12 }] })).toMatchObject({ units: 12, check: { reported: 12, computed: 2 * 1 + 2 * 5 } });
    const mixed = { TransactItems: [{ Put: { Item: item } }, { Update: { Key: {} } }] };
    expect(writeUnitsOf('TransactWriteItems', mixed, { ConsumedCapacity: [{ TableName: 'T', CapacityUnits: 4 }] }).check).toBeUndefined();
  });

  describe('PartiQL INSERTs in a BatchExecuteStatement (the new hour items of an import)', () => {
    // An hour item of ten-minute data, as the writer puts it (raw-hour.ts's columns, 134 bytes), and one of 2,886 bytes (3 units).
    const hour = { PK: 'S#cust#pt#202601', SK: 'h1767225600000', o: new Uint8Array(24), v: new Uint8Array(48), s: new Uint8Array(6), n: 1, z: 'Europe/Paris', b: 1 };
    const large = { ...hour, SK: 'h1767229200000', v: new Uint8Array(2_800) };
    /** A value as the wire carries it (the document client's marshalling of strings, numbers and bytes). */
    const onWire = (value: unknown) => (typeof value === 'string' ? { S: value } : typeof value === 'number' ? { N: String(value) } : { B: value as Uint8Array });
    const wire = (item: Record<string, unknown>) => {
      const { Statement, Parameters } = insertStatement('T', item);
      return { Statement, Parameters: Parameters.map(onWire) };
    };

    it("sizes an INSERT's item from its tuple's names and parameters, plain or as the wire carries them, as the put of the same item", () => {
      expect(insertedItem(insertStatement('T', hour))?.bytes).toBe(anyItemSize(hour));
      expect(insertedItem(wire(hour))?.bytes).toBe(anyItemSize(hour));
      expect(insertedItem(wire(hour))?.bytes).toBe(itemSize(Object.fromEntries(Object.entries(hour).map(([name, value]) => [name, onWire(value)])) as never));
      expect(insertedItem(wire(hour))?.item.PK).toEqual({ S: hour.PK });
      // Literals: a quoted string (quotes doubled inside) and a number.
      expect(insertedItem({ Statement: `INSERT INTO "T" VALUE {'PK' : 'a''b', 'n': 12.5, 'z': ?}`, Parameters: [{ S: 'xyz' }] })).toEqual({ item: { PK: "a'b", n: { N: '12.5' }, z: { S: 'xyz' } }, bytes: 2 + 3 + 1 + numberSizeOf('12.5') + 1 + 3 });
      expect(insertedItem({ Statement: `UPDATE "T" SET n = 2 WHERE PK = 'a'` })).toBeUndefined();
    });

    it('counts each INSERT that landed at its size, one that found its key taken at least 1 unit, a throttled one at none; takes the larger of that and the answer', () => {
      const input = { Statements: [wire(hour), wire(large), wire({ ...hour, SK: 'h2' }), wire({ ...hour, SK: 'h3' })] };
      const output = {
        Responses: [{ TableName: 'T' }, { TableName: 'T' }, { TableName: 'T', Error: { Code: 'DuplicateItem', Message: 'Duplicate primary key exists in table' } }, { Error: { Code: 'ThrottlingError' } }],
        // What the emulator answers: 1 a statement that reached its table, whatever the item's size.
        ConsumedCapacity: [{ TableName: 'T', CapacityUnits: 3 }],
      };
      const landedBytes = anyItemSize(hour) + anyItemSize(large);
      expect([anyItemSize(hour), anyItemSize(large)]).toEqual([134, 2_886]);
      expect(writeUnitsOf('BatchExecuteStatement', input, output)).toEqual({ units: 1 + 3 + 1, check: { reported: 3, computed: 1 + 3 + 1 }, putBytes: landedBytes });
      // AWS's answer, indexes included, when it is the larger.
      expect(writeUnitsOf('BatchExecuteStatement', input, { ...output, ConsumedCapacity: [{ TableName: 'T', CapacityUnits: 9, Table: { CapacityUnits: 5 } }] })).toMatchObject({ units: 9, check: { reported: 5, computed: 5 } });
      // No answer: computed.
      expect(writeUnitsOf('BatchExecuteStatement', input, { Responses: output.Responses }).units).toBe(5);
    });
  });

  it('computes the units of writes DynamoDB did not answer for', () => {
    expect(writeUnitsOf('BatchWriteItem', { RequestItems: { T: [{ PutRequest: { Item: item } }, { PutRequest: { Item: bigItem } }] } }, {}).units).toBe(1 + 5);
    expect(writeUnitsOf('TransactWriteItems', { TransactItems: [{ Put: { Item: item } }] }, {}).units).toBe(2);
    expect(writeUnitsOf('UpdateItem', {}, {}).units).toBe(1);
  });
});

describe("the deployment's usage sample", () => {
  const settingsWith = (context: Record<string, unknown>) => readSettings({ tryGetContext: (key: string) => context[key] } as unknown as Node);

  it('meters 1 % of invocations on AWS and none in the emulator unless told, and refuses a share outside 0–1', () => {
    expect(settingsWith({}).usageSampleRate).toBe(0.01);
    expect(settingsWith({ environment: 'emulator' }).usageSampleRate).toBe(0);
    expect(settingsWith({ environment: 'emulator', usageSampleRate: '1' }).usageSampleRate).toBe(1);
    expect(() => settingsWith({ usageSampleRate: '2' })).toThrow(/usageSampleRate/);
  });
});

describe('the DynamoDB meter on a client', () => {
  it('asks for ConsumedCapacity and counts the units of a metered call made through the document client, and nothing otherwise', async () => {
    const client = new DynamoDBClient({ region: 'eu-west-3', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    meterDynamo(client);
    const bodies: string[] = [];
    // Answers in place of DynamoDB: the request as it would leave, and a write's ConsumedCapacity.
    client.middlewareStack.add(
      () => async (args: any) => {
        bodies.push(String(args.request.body));
        return { output: { $metadata: {}, ConsumedCapacity: { TableName: 'T', CapacityUnits: 3, Table: { CapacityUnits: 2 } } }, response: {} };
      },
      { step: 'finalizeRequest', name: 'fakeDynamo' },
    );
    const documents = DynamoDBDocumentClient.from(client);
    const put = () => documents.send(new PutCommand({ TableName: 'T', Item: { PK: 'p', text: 'x'.repeat(1500) } }));

    await put();
    expect(bodies[0]).not.toContain('ReturnConsumedCapacity');

    vi.stubEnv('USAGE_SAMPLE_RATE', '1');
    startUsage(0);
    await put();
    const usage = finishUsage(1)!;
    expect(bodies[1]).toContain('"ReturnConsumedCapacity":"INDEXES"');
    expect(usage).toMatchObject({ wcu: 3, wcuCheck: { reported: 2, computed: 2 }, calls: { 'dynamodb:PutItem': 1 } });
  });
});

describe('the DynamoDB meter on a BatchExecuteStatement through the document client', () => {
  it('counts its INSERTs as writes, by the sizes of the items as they left, and the call', async () => {
    const client = new DynamoDBClient({ region: 'eu-west-3', endpoint: 'http://127.0.0.1:9', credentials: { accessKeyId: 'a', secretAccessKey: 'b' } });
    meterDynamo(client);
    client.middlewareStack.add(
      () => async () => ({ output: { $metadata: {}, Responses: [{ TableName: 'T' }, { TableName: 'T', Error: { Code: 'DuplicateItem' } }], ConsumedCapacity: [{ TableName: 'T', CapacityUnits: 2 }] }, response: {} }),
      { step: 'finalizeRequest', name: 'fakeDynamo' },
    );
    const documents = DynamoDBDocumentClient.from(client);
    const item = { PK: 'S#c#p#202601', SK: 'h1', v: new Uint8Array(1_500), n: 1 };
    vi.stubEnv('USAGE_SAMPLE_RATE', '1');
    startUsage(0);
    await documents.send(new BatchExecuteStatementCommand({ Statements: [insertStatement('T', item), insertStatement('T', { ...item, SK: 'h2' })] as never }));
    const usage = finishUsage(1)!;
    // 1,500 bytes and more: 2 units the INSERT that landed, 2 the one that found its key taken.
    expect(usage).toMatchObject({ wcu: 4, rcu: 0, wcuCheck: { reported: 2, computed: 4 }, calls: { 'dynamodb:BatchExecuteStatement': 1 } });
  });
});

describe('the DynamoDB meter on reads through the document client', () => {
  it('sizes the items it answered as DynamoDB stored them, though the client hands them back plain', async () => {
    const wire = { PK: { S: 'R#c#p#hour' }, SK: { S: '202611' }, ver: { N: '3' }, blob: { B: new Uint8Array(6000) }, tags: { SS: ['a', 'bc'] }, on: { BOOL: true }, parts: { L: [{ N: '1.5' }, { M: { k: { S: 'v' } } }] } };
    const onTheWire = { Items: [wire, wire].map((item) => ({ ...item, blob: { B: Buffer.from(item.blob.B).toString('base64') } })), Count: 2 };
    // DynamoDB's HTTP answer itself: the SDK's deserializer and the document client's unmarshalling both run.
    const client = new DynamoDBClient({
      region: 'eu-west-3',
      endpoint: 'http://127.0.0.1:9',
      credentials: { accessKeyId: 'a', secretAccessKey: 'b' },
      requestHandler: {
        handle: async () => ({ response: { statusCode: 200, headers: { 'content-type': 'application/x-amz-json-1.0' }, body: Readable.from([Buffer.from(JSON.stringify(onTheWire))]) } }),
      } as never,
    });
    meterDynamo(client);
    const documents = DynamoDBDocumentClient.from(client);
    vi.stubEnv('USAGE_SAMPLE_RATE', '1');
    startUsage(0);
    const answer = await documents.send(new QueryCommand({ TableName: 'T', KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'R#c#p#hour' }, ConsistentRead: true }));
    const usage = finishUsage(1)!;
    // Plain values in the answer, yet the units of the stored items: 2 × itemSize(wire), summed, per started 4 KB.
    expect(answer.Items?.[0].PK).toBe('R#c#p#hour');
    expect(anyItemSize(answer.Items![0])).toBe(itemSize(wire));
    expect(usage.rcu).toBe(Math.ceil((2 * itemSize(wire)) / 4096));
  });
});

describe('the DynamoDB meter on rollup packs read with a projection', () => {
  it('bills the columns left out at the length of those answered', () => {
    const column = new Uint8Array(8 * 360);
    const answered = { col_start: column, col_first: column, col_last: column };
    const whole = Object.fromEntries(['start', 'count', 'sum', 'min', 'max', 'first', 'firstAt', 'last', 'lastAt'].map((field) => [`col_${field}`, column]));
    expect(readUnitsOf('GetItem', { ConsistentRead: true }, { Item: answered })).toBe(readUnitsOf('GetItem', { ConsistentRead: true }, { Item: whole }));
    // 9 columns of 2,880 bytes and their names: 25,997 bytes, 7 units strongly consistent.
    expect(readUnitsOf('GetItem', { ConsistentRead: true }, { Item: whole })).toBe(7);
    expect(readUnitsOf('GetItem', { ConsistentRead: true }, { Item: answered })).toBe(7);
  });
});
