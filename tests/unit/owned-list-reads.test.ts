import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

// The functions' settings are read when their module loads.
vi.hoisted(() => {
  process.env.ENTITIES_TABLE = 'entities';
  process.env.AWS_REGION ??= 'eu-west-3';
});
import { dynamo } from '../../functions/src/clients/dynamodb';
import { ownedItems } from '../../functions/src/data/owned-repository';

/** The inputs of the Query calls the document client was asked for, answered here without a table. */
const queries: Record<string, unknown>[] = [];

beforeAll(() => {
  dynamo.middlewareStack.add(
    () => async (args) => {
      queries.push(args.input as Record<string, unknown>);
      return { output: { Items: [], $metadata: {} }, response: {} } as never;
    },
    { step: 'initialize', name: 'answerQueriesHere', priority: 'high' },
  );
});

afterAll(() => {
  dynamo.middlewareStack.remove('answerQueriesHere');
});

describe('owned objects listed (tabs, widgets, alerts, reminders, exports, reports, subscriptions)', () => {
  it('are read strongly consistent: a list asked right after a save holds what was saved, on AWS too', async () => {
    await ownedItems('subscription').list('cus-1');
    expect(queries).toHaveLength(1);
    expect(queries[0]).toMatchObject({ TableName: 'entities', ConsistentRead: true, ExpressionAttributeValues: { ':pk': expect.stringContaining('cus-1') } });
  });
});
