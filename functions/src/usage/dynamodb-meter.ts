import type { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { columnAttribute, ROLLUP_FIELDS } from '../data/rollup-pack';
import { anyItemSize, isWireItem, numberSize, plainValueSize, queryReadUnits, readUnits, valueSize, writeUnits, type AttributeValue, type Item } from './dynamodb-units';
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
    case 'BatchExecuteStatement':
      // SELECTs by key: each a GetItem of the item answered, a key not found at the least unit.
      return ((input.Statements ?? []) as { ConsistentRead?: boolean }[]).reduce((sum, statement, index) => {
        const answer = (output.Responses ?? [])[index] as { Item?: Item; Error?: unknown } | undefined;
        if (!answer || answer.Error) return sum;
        return sum + readUnits(answer.Item ? itemSize(answer.Item) : 0, statement.ConsistentRead ? 'strong' : 'eventual');
      }, 0);
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

interface Statement {
  Statement?: string;
  Parameters?: unknown[];
}

/** A PartiQL statement's verb (INSERT, UPDATE, DELETE, SELECT…), upper case. */
const verbOf = (statement: Statement): string => (statement.Statement ?? '').trim().split(/\s/, 1)[0].toUpperCase();

/** A BatchExecuteStatement is all reads or all writes (DynamoDB refuses a mix): writes unless its statements are SELECTs. */
const writesStatements = (operation: string, input: Input): boolean =>
  operation === 'BatchExecuteStatement' && ((input.Statements ?? []) as Statement[]).some((statement) => verbOf(statement) !== 'SELECT');

const textOfQuoted = (quoted: string): string => quoted.slice(1, -1).replaceAll("''", "'");

/** A parameter's size, in the wire format (as the meter sees a call) or plain (as the document client was given it). */
const parameterSize = (value: unknown): number => (isWireItem({ value } as Record<string, unknown>) ? valueSize(value as AttributeValue) : plainValueSize(value));

/**
 * The item a PartiQL `INSERT INTO "table" VALUE {'name': ?, …}` puts, as far as its size and key
 * go: each attribute of the tuple with its parameter (`?`, in order) or its literal (a quoted
 * string, else a number); its size as DynamoDB bills it. Undefined for any other statement.
 */
export const insertedItem = (statement: Statement): { item: Record<string, unknown>; bytes: number } | undefined => {
  const tuple = /^\s*INSERT\s+INTO\s+(?:"(?:[^"]|"")*"|\S+)\s+VALUE\s*\{([\s\S]*)\}\s*;?\s*$/i.exec(statement.Statement ?? '');
  if (!tuple) return undefined;
  const parameters = statement.Parameters ?? [];
  const pair = /\s*'((?:[^']|'')*)'\s*:\s*(\?|'(?:[^']|'')*'|[^,]+?)\s*(?:,|$)/y;
  const item: Record<string, unknown> = {};
  let bytes = 0;
  let next = 0;
  for (let match = pair.exec(tuple[1]); match; match = pair.exec(tuple[1])) {
    const name = match[1].replaceAll("''", "'");
    const literal = match[2];
    const value = literal === '?' ? parameters[next++] : literal.startsWith("'") ? textOfQuoted(literal) : { N: literal };
    item[name] = value;
    bytes += Buffer.byteLength(name) + (literal === '?' ? parameterSize(value) : literal.startsWith("'") ? Buffer.byteLength(value as string) : numberSize(literal));
    if (pair.lastIndex >= tuple[1].length) break;
  }
  return { item, bytes };
};

/** Statement errors DynamoDB still bills as a write: the item's condition was evaluated (an INSERT on an existing key, a failed WHERE). */
const BILLED_FAILURES = new Set(['DuplicateItem', 'ConditionalCheckFailed']);

/**
 * Write units of a BatchExecuteStatement of writes, from its statements and their answers: an
 * INSERT that landed at its item's size (1 per started KB, as a PutItem), one that found its key
 * taken (`DuplicateItem`) at the same (a failed conditional write is billed, at least 1 unit), an
 * UPDATE or DELETE at 1; a statement throttled or refused costs nothing. What landed is the growth.
 */
export const statementWrites = (input: Input, output: Output): { computed: number; putBytes: number; onlyInserts: boolean } => {
  const statements = (input.Statements ?? []) as Statement[];
  let computed = 0;
  let putBytes = 0;
  statements.forEach((statement, index) => {
    const answer = (output.Responses ?? [])[index] as { Error?: { Code?: string } } | undefined;
    const code = answer?.Error?.Code;
    if (answer === undefined || (code !== undefined && !BILLED_FAILURES.has(code))) return;
    const inserted = verbOf(statement) === 'INSERT' ? insertedItem(statement) : undefined;
    computed += inserted ? writeUnits(inserted.bytes) : 1;
    if (inserted && code === undefined) putBytes += inserted.bytes;
  });
  return { computed, putBytes, onlyInserts: statements.length > 0 && statements.every((statement) => verbOf(statement) === 'INSERT') };
};

/** Write units of a call: DynamoDB's ConsumedCapacity (secondary indexes included) where it answered, else computed from the items put (1 per update or delete). */
export const writeUnitsOf = (operation: string, input: Input, output: Output) => {
  if (operation === 'BatchExecuteStatement') {
    const { computed, putBytes, onlyInserts } = statementWrites(input, output);
    const answered = capacities(output.ConsumedCapacity);
    if (!answered.length) return { units: computed, check: undefined, putBytes };
    const total = answered.reduce((sum, capacity) => sum + (capacity.CapacityUnits ?? 0), 0);
    const table = answered.reduce((sum, capacity) => sum + (capacity.Table?.CapacityUnits ?? capacity.CapacityUnits ?? 0), 0);
    // The larger: AWS's answer adds the indexes' units; the emulator answers 1 a statement whatever the item's size.
    return { units: Math.max(total, computed), check: onlyInserts ? { reported: table, computed } : undefined, putBytes };
  }
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
      if (WRITES.has(operation) || writesStatements(operation, input)) {
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
