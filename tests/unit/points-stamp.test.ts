import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';

// The functions' settings are read when their module loads.
vi.hoisted(() => {
  process.env.ENTITIES_TABLE = 'entities';
  process.env.AWS_REGION ??= 'eu-west-3';
});
import { TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import type { Point } from '@shared/schemas/point';
import { dynamo } from '../../functions/src/clients/dynamodb';
import { deletePoint, putPointsWithClaims, savePoint } from '../../functions/src/data/point-repository';

/** The commands the document client was asked for, answered here without a table; `conflicts` transactions cancelled first. */
const calls: { command: string; input: Record<string, any> }[] = [];
let conflicts = 0;

beforeAll(() => {
  dynamo.middlewareStack.add(
    (_next, context) => async (args) => {
      calls.push({ command: String(context.commandName), input: args.input as Record<string, any> });
      if (context.commandName === 'TransactWriteItemsCommand' && conflicts > 0) {
        conflicts -= 1;
        throw new TransactionCanceledException({ message: 'Transaction cancelled', $metadata: {}, CancellationReasons: [{ Code: 'TransactionConflict' }, { Code: 'None' }] });
      }
      return { output: { $metadata: {} }, response: {} } as never;
    },
    { step: 'initialize', name: 'answerWritesHere', priority: 'high' },
  );
});

afterEach(() => {
  calls.length = 0;
  conflicts = 0;
});

afterAll(() => {
  dynamo.middlewareStack.remove('answerWritesHere');
});

const point = (fields: Partial<Point> = {}) =>
  ({ _id: 'pt-1', customer: 'cus-1', name: 'Compteur', technical_id: 'TID-1', location: [], resource: 'electricity', series_type: 'counter', unit: 'kWh', hide_on_maplytics: false, calculation: null, ...fields }) as Point;

const stampOf = (items: Record<string, any>[]) => items.find((item) => item.Update?.Key?.SK === 'STAMP#POINTS')?.Update;
const transactions = () => calls.filter((call) => call.command === 'TransactWriteItemsCommand').map((call) => call.input.TransactItems as Record<string, any>[]);

describe("the stamp of a customer's points (issue 41: a fetch keeps the list while it stays)", () => {
  it('is moved to a new version in the transaction of every save and deletion, under the customer, the point last', async () => {
    await savePoint(point(), null, 'create');
    await savePoint(point({ technical_id: 'TID-2' }), 'TID-1', 'update', point());
    await deletePoint(point({ technical_id: 'TID-2' }));
    const written = transactions();
    expect(written).toHaveLength(3);
    const versions = written.map((items) => {
      const stamp = stampOf(items);
      expect(stamp).toMatchObject({ Key: { PK: 'C#cus-1', SK: 'STAMP#POINTS' } });
      expect(items.at(-1)!.Put?.Item?.SK ?? items.at(-1)!.Update?.Key?.SK ?? items.at(-1)!.Delete?.Key?.SK).toBe('PT#pt-1');
      return stamp!.ExpressionAttributeValues[':version'];
    });
    expect(new Set(versions).size).toBe(3);
  });

  it("is left alone by a save that changes nothing a fetch keeps (hidden on the map, a new name), so a bulk action's saves do not meet on it", async () => {
    await savePoint(point({ hide_on_maplytics: true }), 'TID-1', 'update', point());
    await savePoint(point({ name: 'Compteur général' }), 'TID-1', 'update', point());
    await savePoint(point({ source: 'src-2' } as Partial<Point>), 'TID-1', 'update', point());
    await savePoint(point({ location: ['loc-1'] }), 'TID-1', 'update', point());
    expect(transactions().map((items) => stampOf(items) !== undefined)).toEqual([false, false, true, true]);
    expect(transactions().map((items) => items.at(-1)!.Update?.Key?.SK)).toEqual(['PT#pt-1', 'PT#pt-1', 'PT#pt-1', 'PT#pt-1']);
  });

  it('is moved after the items of a batch put, for each customer put', async () => {
    await putPointsWithClaims([point(), point({ _id: 'pt-2', technical_id: 'TID-2', customer: 'cus-2' })]);
    const stamps = calls.filter((call) => call.command === 'UpdateItemCommand' && call.input.Key?.SK === 'STAMP#POINTS');
    expect(stamps.map((call) => call.input.Key.PK)).toEqual(['C#cus-1', 'C#cus-2']);
    const firstPut = calls.findIndex((call) => call.command === 'BatchWriteItemCommand');
    expect(firstPut).toBeGreaterThanOrEqual(0);
    expect(calls.indexOf(stamps[0])).toBeGreaterThan(firstPut);
  });

  it('makes concurrent writes meet: a transaction cancelled by another is tried again, and a lasting conflict answers 409', async () => {
    conflicts = 2;
    await savePoint(point(), null, 'create');
    expect(transactions()).toHaveLength(3);
    calls.length = 0;
    conflicts = 100;
    await expect(savePoint(point(), null, 'create')).rejects.toMatchObject({ code: 'conflict' });
    expect(transactions().length).toBeGreaterThan(1);
  });
});
