import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { columnAttribute, ROLLUP_FIELDS } from '../data/rollup-pack';
import { anyItemSize, plainValueSize, queryReadUnits, readUnits, valueSize, writeUnits, type AttributeValue, type Item } from './dynamodb-units';
import { countCall, countReadUnits, countWriteUnits, metering } from './meter';

interface Capacity {
  TableName?: string;
  CapacityUnits?: number;
  Table?: { CapacityUnits?: number };
}

const capacities = (consumed: unknown): Capacity[] => (Array.isArray(consumed) ? consumed : consumed ? [consumed] : []) as Capacity[];

type Input = Record<string, any>;
type Output = Record<string, any>;

/**
 * An item's size: items come plain when the call went through the document client (its
 * unmarshalling runs inside this meter's step), in the wire format otherwise.
 */
const answeredSize = (item: Item): number => anyItemSize(item as Record<string, unknown>);

const PACK_COLUMNS = ROLLUP_FIELDS.map(columnAttribute);

/**
 * The size DynamoDB bills a read of an item: what it answered, and — a rollup pack read with a
 * projection of some of its columns (functions/src/data/rollup-pack.ts) — the columns it left out,
 * each as long as those it answered (a pack's columns all hold one float64 per bucket). Other
 * projections stay undercounted (`dynamodb:projected-reads` says how many).
 */
const itemSize = (item: Item): number => {
  const size = answeredSize(item);
  const answered = PACK_COLUMNS.filter((name) => name in item);
  if (answered.length === 0 || answered.length === PACK_COLUMNS.length) return size;
  const column = (item as Record<string, unknown>)[answered[0]];
  const columnBytes = column instanceof Uint8Array ? plainValueSize(column) : valueSize(column as AttributeValue);
  return size + PACK_COLUMNS.filter((name) => !(name in item)).reduce((sum, name) => sum + Buffer.byteLength(name) + columnBytes, 0);
};

/** Read units of a call, from the items it answered (what it read; a filter or projection read more, which this undercounts). */
export const readUnitsOf = (operation: string, input: Input, output: Output): number => {
  switch (operation) {
    case 'GetItem':
      return readUnits(output.Item ? itemSize(output.Item as Item) : 0, input.ConsistentRead ? 'strong' : 'eventual');
    case 'Query':
    case 'Scan':
      return queryReadUnits(((output.Items ?? []) as Item[]).map(itemSize), input.ConsistentRead ? 'strong' : 'eventual');
    case 'BatchGetItem': {
      // Each key is a GetItem: a key asked and not found still costs the least unit (unprocessed keys cost nothing yet).
      const requests = (input.RequestItems ?? {}) as Record<string, { Keys?: unknown[]; ConsistentRead?: boolean }>;
      const answered = (output.Responses ?? {}) as Record<string, Item[]>;
      const unprocessed = (output.UnprocessedKeys ?? {}) as Record<string, { Keys?: unknown[] }>;
      return Object.keys({ ...requests, ...answered }).reduce((sum, table) => {
        const consistency = requests[table]?.ConsistentRead ? 'strong' : 'eventual';
        const items = answered[table] ?? [];
        const missing = Math.max(0, (requests[table]?.Keys?.length ?? 0) - (unprocessed[table]?.Keys?.length ?? 0) - items.length);
        return sum + items.reduce((units, item) => units + readUnits(itemSize(item), consistency), 0) + missing * readUnits(0, consistency);
      }, 0);
    }
    case 'TransactGetItems':
      return ((output.Responses ?? []) as { Item?: Item }[]).reduce((sum, answer) => sum + readUnits(answer.Item ? itemSize(answer.Item) : 0, 'transactional'), 0);
    default:
      return 0;
  }
};

/** The items a write call puts, and whether in a transaction: what the units are computed from. */
export const itemsPutBy = (operation: string, input: Input): { items: Item[]; transactional: boolean } => {
  if (operation === 'PutItem') return { items: [input.Item as Item], transactional: false };
  if (operation === 'BatchWriteItem')
    return {
      items: Object.values((input.RequestItems ?? {}) as Record<string, { PutRequest?: { Item: Item } }[]>)
        .flat()
        .flatMap((request) => (request.PutRequest ? [request.PutRequest.Item] : [])),
      transactional: false,
    };
  if (operation === 'TransactWriteItems')
    return { items: ((input.TransactItems ?? []) as { Put?: { Item: Item } }[]).flatMap((entry) => (entry.Put ? [entry.Put.Item] : [])), transactional: true };
  return { items: [], transactional: false };
};

const WRITES = new Set(['PutItem', 'UpdateItem', 'DeleteItem', 'BatchWriteItem', 'TransactWriteItems']);

/** Write units of a call: DynamoDB's ConsumedCapacity (secondary indexes included) where it answered, else computed from the items put (1 per update or delete). */
export const writeUnitsOf = (operation: string, input: Input, output: Output) => {
  const { items, transactional } = itemsPutBy(operation, input);
  const sizes = items.map(itemSize);
  const computed = sizes.reduce((sum, bytes) => sum + writeUnits(bytes, transactional), 0);
  const answered = capacities(output.ConsumedCapacity);
  const putBytes = sizes.reduce((sum, bytes) => sum + bytes, 0);
  if (answered.length) {
    const total = answered.reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
    const table = answered.reduce((sum, capacity) => sum + (capacity.Table?.CapacityUnits ?? capacity.CapacityUnits ?? 0), 0);
    // Only puts are checked: an update's or a delete's size is the stored item's, which the call does not carry.
    const onlyPuts =
      operation === 'PutItem' ||
      (operation === 'TransactWriteItems'
        ? items.length > 0 && items.length === ((input.TransactItems ?? []) as unknown[]).length
        : items.length > 0 && !JSON.stringify(input.RequestItems ?? {}).includes('DeleteRequest'));
    return { units: total, check: onlyPuts ? { reported: table, computed } : undefined, putBytes };
  }
  const others = operation === 'UpdateItem' || operation === 'DeleteItem' ? 1 : 0;
  return { units: computed + others, check: undefined, putBytes };
};

/**
 * Meters every call of the client while an invocation is metered (meter.ts): asks DynamoDB for
 * its ConsumedCapacity (INDEXES: the table's share apart), counts read units from the items read
 * and write units from what DynamoDB answered, and the call itself.
 */
export const meterDynamo = (client: DynamoDBClient): void => {
  client.middlewareStack.add(
    (next) => async (args) => {
      if (metering()) (args.input as Input).ReturnConsumedCapacity ??= 'INDEXES';
      return next(args);
    },
    { step: 'initialize', name: 'usageCapacityRequest' },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const result = await next(args);
      if (!metering()) return result;
      const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      countCall(`dynamodb:${operation}`);
      const input = args.input as Input;
      const output = result.output as Output;
      if (WRITES.has(operation)) {
        const { units, check, putBytes } = writeUnitsOf(operation, input, output);
        countWriteUnits(units, check, putBytes);
      } else {
        countReadUnits(readUnitsOf(operation, input, output));
        // A projection answers less than it reads: these reads are undercounted, and said so.
        if (input.ProjectionExpression || Object.values((input.RequestItems ?? {}) as Record<string, { ProjectionExpression?: string }>).some((table) => table.ProjectionExpression)) countCall('dynamodb:projected-reads');
      }
      return result;
    },
    { step: 'build', name: 'usageMeter' },
  );
};
