import { BatchWriteCommand, QueryCommand, type QueryCommandOutput } from '@aws-sdk/lib-dynamodb';
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

/**
 * What the emulator's Query costs against what DynamoDB would read (issue 43, the points table's
 * first page): the same Limit-200 Query of GSI1 — the one `pointsInOrderAfter` sends for the
 * points table's first page — timed on the customer's list-order partition (every point: 20,000
 * entries at scale 1) and on a partition of 201 copies of its first entries (same items, same keys
 * but the partition's), alternately, several times each, in the same run. Both answer 200 items
 * and a LastEvaluatedKey; DynamoDB reads those 200 items in both (ScannedCount, and the read
 * capacity their size bills). MiniStack builds and sorts the whole partition before it applies
 * the key condition and the limit, so the difference is the emulator's, not the key design's.
 */
export interface QueryCost {
  partitionEntries: number;
  /** Each call's time, ms (the bench's process to the emulator and back). */
  ms: number[];
  count: number;
  scannedCount: number;
  /** What DynamoDB bills an eventually consistent Query: the read items' sizes summed, rounded up to 4 KB, half a unit each. */
  billedRcu: number;
  /** What the emulator says it consumed (ReturnConsumedCapacity: TOTAL). */
  emulatorRcu: number | null;
}

export interface ListQueryCost {
  large: QueryCost;
  small: QueryCost;
  /** The second page of the large partition (GSI1SK after the first page's last key): the same sort. */
  secondPage: QueryCost;
}

/** DynamoDB's size of an attribute value (names and values in UTF-8 bytes, numbers ~ their digits, lists and maps 3 bytes plus 1 an element). */
const valueSize = (value: unknown): number => {
  if (value === null || value === undefined || typeof value === 'boolean') return 1;
  if (typeof value === 'string') return Buffer.byteLength(value, 'utf8');
  if (typeof value === 'number') return Math.ceil(String(Math.abs(value)).replace(/[.-]/g, '').length / 2) + 1;
  if (value instanceof Uint8Array) return value.length;
  if (value instanceof Set) return [...value].reduce((sum: number, element) => sum + valueSize(element), 0);
  if (Array.isArray(value)) return 3 + value.reduce((sum: number, element) => sum + 1 + valueSize(element), 0);
  if (typeof value === 'object') return 3 + Object.entries(value).reduce((sum, [name, element]) => sum + 1 + Buffer.byteLength(name, 'utf8') + valueSize(element), 0);
  return 1;
};
const itemSize = (item: Record<string, unknown>): number => Object.entries(item).reduce((sum, [name, value]) => sum + Buffer.byteLength(name, 'utf8') + valueSize(value), 0);

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

export const describeCost = (cost: QueryCost): string =>
  `${cost.partitionEntries} entries: p50 ${median(cost.ms).toFixed(0)} ms (${cost.ms.map((ms) => ms.toFixed(0)).join(', ')}), ` +
  `Count ${cost.count}, ScannedCount ${cost.scannedCount}, DynamoDB would bill ${cost.billedRcu} RCU (emulator says ${cost.emulatorRcu ?? 'nothing'})`;

export const medianMs = (cost: QueryCost): number => median(cost.ms);

/**
 * Times the first page's Query (Limit 200) on a customer's list-order partition (`GSI1PK`) and
 * on a copy of its first 201 entries under another partition, `repeats` times each, alternately
 * (`listEntries`: how many entries the list's partition holds, the customer's points).
 * The copies are written under `probePartition` (a customer id no one has) and deleted after.
 */
export const measureListQueryCost = async (
  dynamo: DynamoDBDocumentClient,
  table: string,
  listPartition: string,
  listEntries: number,
  probeCustomer: string,
  repeats = 5,
): Promise<ListQueryCost> => {
  const LIMIT = 200;
  const query = (partition: string, after: Record<string, unknown> | undefined) =>
    new QueryCommand({
      TableName: table,
      IndexName: 'GSI1',
      KeyConditionExpression: 'GSI1PK = :pk',
      ExpressionAttributeValues: { ':pk': partition },
      Limit: LIMIT,
      ReturnConsumedCapacity: 'TOTAL',
      ...(after ? { ExclusiveStartKey: after } : {}),
    });
  // The copies: the first 201 entries of the list, under the probe's partitions (so the first page ends on the limit, as the large one's does).
  const first = await dynamo.send(new QueryCommand({ TableName: table, IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': listPartition }, Limit: LIMIT + 1 }));
  const probePartition = `C#${probeCustomer}#POINTS`;
  const copies: Record<string, unknown>[] = (first.Items ?? []).map((item) => ({ ...item, PK: `C#${probeCustomer}`, GSI1PK: probePartition }));
  const writeAll = async (requests: Record<string, unknown>[]) => {
    for (let offset = 0; offset < requests.length; offset += 25) {
      let pending: Record<string, unknown[]> | undefined = { [table]: requests.slice(offset, offset + 25) };
      while (pending && Object.keys(pending).length) pending = (await dynamo.send(new BatchWriteCommand({ RequestItems: pending as never }))).UnprocessedItems as never;
    }
  };
  await writeAll(copies.map((Item) => ({ PutRequest: { Item } })));
  try {
    const costOf = (partitionEntries: number): QueryCost => ({ partitionEntries, ms: [], count: 0, scannedCount: 0, billedRcu: 0, emulatorRcu: null });
    const [large, small, secondPage] = [costOf(listEntries), costOf(copies.length), costOf(listEntries)];
    const timed = async (cost: QueryCost, command: QueryCommand) => {
      const started = performance.now();
      const answer: QueryCommandOutput = await dynamo.send(command);
      cost.ms.push(performance.now() - started);
      cost.count = answer.Count ?? 0;
      cost.scannedCount = answer.ScannedCount ?? 0;
      const bytes = (answer.Items ?? []).reduce((sum, item) => sum + itemSize(item), 0);
      cost.billedRcu = Math.ceil(bytes / 4096) * 0.5;
      cost.emulatorRcu = answer.ConsumedCapacity?.CapacityUnits ?? null;
      return answer;
    };
    // One call each first, not counted (the emulator's index members built, the client's connection open).
    const firstPage = await dynamo.send(query(listPartition, undefined));
    await dynamo.send(query(probePartition, undefined));
    for (let repeat = 0; repeat < repeats; repeat += 1) {
      await timed(large, query(listPartition, undefined));
      await timed(small, query(probePartition, undefined));
      await timed(secondPage, query(listPartition, firstPage.LastEvaluatedKey));
    }
    return { large, small, secondPage };
  } finally {
    await writeAll(copies.map((item) => ({ DeleteRequest: { Key: { PK: item.PK, SK: item.SK } } })));
  }
};
