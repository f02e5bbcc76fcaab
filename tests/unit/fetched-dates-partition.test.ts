import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';

// The functions' settings are read when their module loads.
vi.hoisted(() => {
  process.env.ENTITIES_TABLE = 'entities';
  process.env.AWS_REGION ??= 'eu-west-3';
});
import { dynamo } from '../../functions/src/clients/dynamodb';
import { keys } from '../../functions/src/data/keys';
import { latestFetchedDates, moveLegacyFetchedDates, recordFetchedDates } from '../../functions/src/data/fetched-dates-repository';

/**
 * The sources' fetched dates (issue 43) live in a partition of their customer's own
 * (`C#<customer>#FETCHDATES`), which every points answer reads whole; the deploy's migrations move
 * the items older versions kept in the customer's partition, never moving a date back. The
 * document client is answered here by a table in memory (the calls this repository makes).
 */
const table = new Map<string, Record<string, any>>();
const at = (key: { PK: string; SK: string }) => `${key.PK}|${key.SK}`;
const queries: Record<string, any>[] = [];

const conditionFailure = () => Object.assign(new Error('The conditional request failed'), { name: 'ConditionalCheckFailedException' });

const answer = (command: string, input: Record<string, any>): Record<string, unknown> => {
  switch (command) {
    case 'GetItemCommand':
      return { Item: table.get(at(input.Key)) };
    case 'DeleteItemCommand':
      table.delete(at(input.Key));
      return {};
    case 'QueryCommand': {
      queries.push(input);
      const values = input.ExpressionAttributeValues as Record<string, string>;
      const Items = [...table.values()]
        .filter((item) => item.PK === values[':pk'] && (values[':prefix'] === undefined || String(item.SK).startsWith(values[':prefix'])))
        .sort((a, b) => String(a.SK).localeCompare(String(b.SK)));
      return { Items };
    }
    case 'UpdateItemCommand': {
      // The repository's update: `SET #kind = :kind, #source = :source, #d0 = :d0, …`, each `#dN` on condition that it is absent or earlier.
      const names = input.ExpressionAttributeNames as Record<string, string>;
      const values = input.ExpressionAttributeValues as Record<string, unknown>;
      const item = { ...(table.get(at(input.Key)) ?? input.Key) };
      const dates = Object.keys(names).filter((name) => name.startsWith('#d'));
      if (dates.some((name) => item[names[name]!] !== undefined && !(item[names[name]!] < (values[`:${name.slice(1)}`] as number)))) throw conditionFailure();
      item[names['#kind']!] = values[':kind'];
      item[names['#source']!] = values[':source'];
      for (const name of dates) item[names[name]!] = values[`:${name.slice(1)}`];
      table.set(at(input.Key), item);
      return {};
    }
    default:
      throw new Error(`unexpected ${command}`);
  }
};

beforeAll(() => {
  dynamo.middlewareStack.add(
    (_next, context) => async (args) => ({ output: { $metadata: {}, ...answer(String(context.commandName), args.input as Record<string, any>) }, response: {} }) as never,
    { step: 'initialize', name: 'fetchedDatesTable', priority: 'high' },
  );
});

beforeEach(() => {
  table.clear();
  queries.length = 0;
});

afterAll(() => {
  dynamo.middlewareStack.remove('fetchedDatesTable');
});

const putLegacy = (customerId: string, sourceId: string, dates: Record<string, number>) =>
  table.set(at(keys.legacyFetchedDates(customerId, sourceId)), {
    ...keys.legacyFetchedDates(customerId, sourceId),
    kind: 'fetched-dates',
    source: sourceId,
    ...Object.fromEntries(Object.entries(dates).map(([pointId, date]) => [`d_${pointId}`, date])),
  });
const putSource = (customerId: string, sourceId: string) => table.set(at(keys.source(customerId, sourceId)), { ...keys.source(customerId, sourceId), kind: 'source' });
const datesOf = (item: Record<string, any> | undefined) => Object.fromEntries(Object.entries(item ?? {}).filter(([name]) => name.startsWith('d_')));

describe("the sources' fetched dates", () => {
  it("live in a partition of their customer's own, not in the customer's partition (where its points are)", () => {
    expect(keys.fetchedDates('cust-a', 'src-1')).toEqual({ PK: 'C#cust-a#FETCHDATES', SK: 'src-1' });
    expect(keys.fetchedDatesOfCustomer('cust-a').PK).toBe(keys.fetchedDates('cust-a', 'src-1').PK);
    expect(keys.fetchedDates('cust-a', 'src-1').PK).not.toBe(keys.pointsOfCustomer('cust-a').PK);
    expect(keys.fetchedDates('cust-b', 'src-1').PK).not.toBe(keys.fetchedDates('cust-a', 'src-1').PK);
    expect(keys.legacyFetchedDates('cust-a', 'src-1')).toEqual({ PK: 'C#cust-a', SK: 'FETCHDATES#src-1' });
  });

  it("are read by one Query of that partition, the later date of a point's sources answered", async () => {
    await recordFetchedDates('cust-a', 'src-1', new Map([['pt-1', 100], ['pt-2', 200]]));
    await recordFetchedDates('cust-a', 'src-2', new Map([['pt-1', 150]]));
    await recordFetchedDates('cust-b', 'src-3', new Map([['pt-9', 900]]));
    putLegacy('cust-a', 'src-4', { 'pt-1': 999 });
    queries.length = 0;
    expect(await latestFetchedDates('cust-a')).toEqual(new Map([['pt-1', 150], ['pt-2', 200]]));
    expect(queries).toEqual([expect.objectContaining({ KeyConditionExpression: 'PK = :pk', ExpressionAttributeValues: { ':pk': 'C#cust-a#FETCHDATES' } })]);
  });

  it('are moved from where older versions kept them, never a date back, and a second run moves nothing', async () => {
    putSource('cust-a', 'src-1');
    putLegacy('cust-a', 'src-1', { 'pt-1': 100, 'pt-2': 300 });
    // A fetch of this version wrote before the migration reached the customer: its later date stays.
    await recordFetchedDates('cust-a', 'src-1', new Map([['pt-1', 200], ['pt-3', 50]]));
    putSource('cust-b', 'src-9');
    putLegacy('cust-b', 'src-9', { 'pt-9': 900 });

    expect(await moveLegacyFetchedDates('cust-a')).toBe(1);
    expect(datesOf(table.get(at(keys.fetchedDates('cust-a', 'src-1'))))).toEqual({ 'd_pt-1': 200, 'd_pt-2': 300, 'd_pt-3': 50 });
    expect(table.has(at(keys.legacyFetchedDates('cust-a', 'src-1')))).toBe(false);
    // Another customer's items wait for its own turn.
    expect(table.has(at(keys.legacyFetchedDates('cust-b', 'src-9')))).toBe(true);
    expect(table.has(at(keys.fetchedDates('cust-b', 'src-9')))).toBe(false);

    const before = structuredClone([...table]);
    expect(await moveLegacyFetchedDates('cust-a')).toBe(0);
    expect([...table]).toEqual(before);
  });

  it('of a source deleted meanwhile are not left behind', async () => {
    putLegacy('cust-a', 'src-gone', { 'pt-1': 100 });
    expect(await moveLegacyFetchedDates('cust-a')).toBe(1);
    expect(table.has(at(keys.legacyFetchedDates('cust-a', 'src-gone')))).toBe(false);
    expect(table.has(at(keys.fetchedDates('cust-a', 'src-gone')))).toBe(false);
  });
});
