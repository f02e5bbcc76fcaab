/**
 * A DynamoDB held in memory, answering the JSON protocol's calls for a CPU bench (tests/bench/fetch-cpu.ts): items in
 * the wire format by table, partition and sort key; GetItem, PutItem, UpdateItem (SET and REMOVE of plain values),
 * DeleteItem, Query (on the table's keys, with Limit and direction), BatchGetItem, BatchWriteItem, TransactWriteItems
 * (puts) and BatchExecuteStatement (PartiQL INSERTs); conditions of comparisons, `attribute_exists` and
 * `attribute_not_exists`, AND, OR and parentheses; projections of top-level attributes. Enough for the series'
 * writes, not a general emulator: what it cannot parse it throws on. Every call is answered at once, so what a bench
 * measures is its own process.
 */
type AttributeValue = { S?: string; N?: string; B?: string; BOOL?: boolean; NULL?: boolean; L?: AttributeValue[]; M?: Record<string, AttributeValue>; SS?: string[] };
type Item = Record<string, AttributeValue>;

interface Request {
  TableName?: string;
  Key?: Item;
  Item?: Item;
  ConditionExpression?: string;
  UpdateExpression?: string;
  KeyConditionExpression?: string;
  ProjectionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Item;
  ScanIndexForward?: boolean;
  Limit?: number;
  ExclusiveStartKey?: Item;
  RequestItems?: Record<string, unknown>;
  TransactItems?: Record<string, Request>[];
}

class ConditionFailed extends Error {}

/** A partition: its items by sort key, and the sort keys in order. */
interface Partition {
  items: Map<string, Item>;
  keys: string[];
}

const lowerBound = (keys: readonly string[], key: string): number => {
  let [low, high] = [0, keys.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (keys[middle] < key) low = middle + 1;
    else high = middle;
  }
  return low;
};

const compare = (a: AttributeValue, b: AttributeValue): number => {
  if (a.N !== undefined && b.N !== undefined) return Number(a.N) - Number(b.N);
  const [x, y] = [a.S ?? a.B ?? JSON.stringify(a), b.S ?? b.B ?? JSON.stringify(b)];
  return x < y ? -1 : x > y ? 1 : 0;
};

/** A condition's tokens: names, values, words, parentheses, commas and comparison signs. */
const tokens = (text: string): string[] => text.match(/<>|<=|>=|[()=<>,]|[#:]?[A-Za-z0-9_.]+/g) ?? [];

const conditionHolds = (text: string | undefined, item: Item | undefined, request: Request): boolean => {
  if (!text) return true;
  const list = tokens(text);
  let index = 0;
  const name = (token: string) => (token.startsWith('#') ? request.ExpressionAttributeNames![token] : token);
  const value = (token: string) => request.ExpressionAttributeValues![token];
  const primary = (): boolean => {
    const token = list[index++];
    if (token === '(') {
      const result = or();
      if (list[index++] !== ')') throw new Error(`memoryDynamo: ")" expected in ${text}`);
      return result;
    }
    if (token === 'attribute_exists' || token === 'attribute_not_exists') {
      index += 1; // (
      const attribute = name(list[index++]);
      index += 1; // )
      const exists = item !== undefined && item[attribute] !== undefined;
      return token === 'attribute_exists' ? exists : !exists;
    }
    const attribute = item?.[name(token)];
    const sign = list[index++];
    const other = value(list[index++]);
    if (attribute === undefined) return sign === '<>';
    const order = compare(attribute, other);
    switch (sign) {
      case '=':
        return order === 0;
      case '<>':
        return order !== 0;
      case '<':
        return order < 0;
      case '<=':
        return order <= 0;
      case '>':
        return order > 0;
      case '>=':
        return order >= 0;
      default:
        throw new Error(`memoryDynamo: cannot read ${text}`);
    }
  };
  const and = (): boolean => {
    let result = primary();
    while (list[index] === 'AND') {
      index += 1;
      result = primary() && result;
    }
    return result;
  };
  const or = (): boolean => {
    let result = and();
    while (list[index] === 'OR') {
      index += 1;
      result = and() || result;
    }
    return result;
  };
  return or();
};

const projected = (item: Item, request: { ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }): Item => {
  if (!request.ProjectionExpression) return item;
  const names = request.ProjectionExpression.split(',').map((part) => part.trim()).map((part) => (part.startsWith('#') ? request.ExpressionAttributeNames![part] : part));
  return Object.fromEntries(names.filter((attribute) => item[attribute] !== undefined).map((attribute) => [attribute, item[attribute]]));
};

export const memoryDynamo = () => {
  const tables = new Map<string, Map<string, Partition>>();
  const calls = new Map<string, number>();
  const partitionOf = (table: string, PK: string, create = false): Partition | undefined => {
    let partitions = tables.get(table);
    if (!partitions) tables.set(table, (partitions = new Map()));
    let partition = partitions.get(PK);
    if (!partition && create) partitions.set(PK, (partition = { items: new Map(), keys: [] }));
    return partition;
  };
  const get = (table: string, key: Item): Item | undefined => partitionOf(table, key.PK.S!)?.items.get(key.SK?.S ?? '');
  const put = (table: string, item: Item): void => {
    const partition = partitionOf(table, item.PK.S!, true)!;
    const SK = item.SK?.S ?? '';
    if (!partition.items.has(SK)) partition.keys.splice(lowerBound(partition.keys, SK), 0, SK);
    partition.items.set(SK, item);
  };
  const remove = (table: string, key: Item): void => {
    const partition = partitionOf(table, key.PK.S!);
    const SK = key.SK?.S ?? '';
    if (!partition?.items.delete(SK)) return;
    partition.keys.splice(lowerBound(partition.keys, SK), 1);
  };
  const keyOf = (item: Item): Item => ({ PK: item.PK, ...(item.SK ? { SK: item.SK } : {}) });

  const update = (request: Request): void => {
    const table = request.TableName!;
    const current = get(table, request.Key!);
    if (!conditionHolds(request.ConditionExpression, current, request)) throw new ConditionFailed();
    const item: Item = { ...(current ?? request.Key!) };
    const name = (token: string) => (token.startsWith('#') ? request.ExpressionAttributeNames![token] : token);
    for (const [, action, body] of request.UpdateExpression!.matchAll(/(SET|REMOVE)\s+(.*?)(?=\s+(?:SET|REMOVE)\s|$)/g)) {
      for (const part of body.split(',').map((piece) => piece.trim())) {
        if (action === 'REMOVE') delete item[name(part)];
        else {
          const [attribute, value] = part.split('=').map((piece) => piece.trim());
          if (!value.startsWith(':')) throw new Error(`memoryDynamo: cannot read ${request.UpdateExpression}`);
          item[name(attribute)] = request.ExpressionAttributeValues![value];
        }
      }
    }
    put(table, item);
  };

  const query = (request: Request) => {
    const match = /^PK = (:\w+)(?: AND SK (?:(BETWEEN) (:\w+) AND (:\w+)|(<=|>=|<|>|=) (:\w+)))?$/.exec(request.KeyConditionExpression!.trim());
    if (!match) throw new Error(`memoryDynamo: cannot read ${request.KeyConditionExpression}`);
    const values = request.ExpressionAttributeValues!;
    const partition = partitionOf(request.TableName!, values[match[1]].S!);
    if (!partition) return { Items: [], Count: 0, ScannedCount: 0 };
    let [low, high] = [0, partition.keys.length];
    if (match[2]) [low, high] = [lowerBound(partition.keys, values[match[3]].S!), lowerBound(partition.keys, `${values[match[4]].S!}\u0000`)];
    else if (match[5]) {
      const bound = values[match[6]].S!;
      if (match[5] === '<') high = lowerBound(partition.keys, bound);
      if (match[5] === '<=') high = lowerBound(partition.keys, `${bound}\u0000`);
      if (match[5] === '>') low = lowerBound(partition.keys, `${bound}\u0000`);
      if (match[5] === '>=') low = lowerBound(partition.keys, bound);
      if (match[5] === '=') [low, high] = [lowerBound(partition.keys, bound), lowerBound(partition.keys, `${bound}\u0000`)];
    }
    let keys = partition.keys.slice(low, high);
    if (request.ScanIndexForward === false) keys.reverse();
    if (request.ExclusiveStartKey) {
      const after = keys.indexOf(request.ExclusiveStartKey.SK.S!);
      keys = keys.slice(after + 1);
    }
    const limited = request.Limit !== undefined && keys.length > request.Limit;
    if (limited) keys = keys.slice(0, request.Limit);
    const items = keys.map((SK) => projected(partition.items.get(SK)!, request));
    const last = limited ? partition.items.get(keys[keys.length - 1])! : undefined;
    return { Items: items, Count: items.length, ScannedCount: items.length, ...(last ? { LastEvaluatedKey: keyOf(last) } : {}) };
  };

  const operations: Record<string, (request: Request) => unknown> = {
    GetItem: (request) => {
      const item = get(request.TableName!, request.Key!);
      return item ? { Item: projected(item, request) } : {};
    },
    PutItem: (request) => {
      if (!conditionHolds(request.ConditionExpression, get(request.TableName!, request.Item!), request)) throw new ConditionFailed();
      put(request.TableName!, request.Item!);
      return {};
    },
    UpdateItem: (request) => {
      update(request);
      return {};
    },
    DeleteItem: (request) => {
      if (!conditionHolds(request.ConditionExpression, get(request.TableName!, request.Key!), request)) throw new ConditionFailed();
      remove(request.TableName!, request.Key!);
      return {};
    },
    Query: query,
    BatchGetItem: (request) => ({
      Responses: Object.fromEntries(
        Object.entries(request.RequestItems as Record<string, { Keys: Item[]; ProjectionExpression?: string; ExpressionAttributeNames?: Record<string, string> }>).map(([table, read]) => [
          table,
          read.Keys.flatMap((key) => {
            const item = get(table, key);
            return item ? [projected(item, read)] : [];
          }),
        ]),
      ),
      UnprocessedKeys: {},
    }),
    BatchWriteItem: (request) => {
      for (const [table, writes] of Object.entries(request.RequestItems as Record<string, { PutRequest?: { Item: Item }; DeleteRequest?: { Key: Item } }[]>)) {
        for (const write of writes) {
          if (write.PutRequest) put(table, write.PutRequest.Item);
          else remove(table, write.DeleteRequest!.Key);
        }
      }
      return { UnprocessedItems: {} };
    },
    // PartiQL INSERTs with their values as parameters (`insertStatement` in raw-value-repository.ts), each on its own.
    BatchExecuteStatement: (request) => ({
      Responses: (request as unknown as { Statements: { Statement: string; Parameters: AttributeValue[] }[] }).Statements.map(({ Statement, Parameters }) => {
        const match = /^INSERT INTO "((?:[^"]|"")+)" VALUE \{(.*)\}$/.exec(Statement);
        if (!match) throw new Error(`memoryDynamo: cannot read ${Statement}`);
        const names = [...match[2].matchAll(/'((?:[^']|'')+)': \?/g)].map(([, name]) => name.replaceAll("''", "'"));
        const item: Item = Object.fromEntries(names.map((name, index) => [name, Parameters[index]]));
        const table = match[1].replaceAll('""', '"');
        if (get(table, item)) return { Error: { Code: 'DuplicateItem', Message: 'Duplicate primary key exists in table' } };
        put(table, item);
        return {};
      }),
    }),
    TransactWriteItems: (request) => {
      const entries = request.TransactItems!.map((entry) => {
        const [[action, body]] = Object.entries(entry);
        if (action !== 'Put') throw new Error(`memoryDynamo: transaction ${action}`);
        return body;
      });
      const holds = entries.map((body) => conditionHolds(body.ConditionExpression, get(body.TableName!, body.Item!), body));
      if (holds.some((ok) => !ok)) {
        const error = new ConditionFailed() as ConditionFailed & { reasons?: { Code: string }[] };
        error.reasons = holds.map((ok) => ({ Code: ok ? 'None' : 'ConditionalCheckFailed' }));
        throw error;
      }
      for (const body of entries) put(body.TableName!, body.Item!);
      return {};
    },
  };

  return {
    /** Calls answered, by operation. */
    calls,
    /** The answer to one call: its HTTP status and body. */
    answer: (target: string, body: string): { status: number; answer: unknown } => {
      const operation = target.split('.').pop()!;
      calls.set(operation, (calls.get(operation) ?? 0) + 1);
      const handler = operations[operation];
      if (!handler) throw new Error(`memoryDynamo: no ${operation}`);
      try {
        return { status: 200, answer: handler(JSON.parse(body) as Request) };
      } catch (error) {
        if (!(error instanceof ConditionFailed)) throw error;
        const reasons = (error as { reasons?: unknown }).reasons;
        return reasons
          ? { status: 400, answer: { __type: 'com.amazonaws.dynamodb.v20120810#TransactionCanceledException', message: 'Transaction cancelled', CancellationReasons: reasons } }
          : { status: 400, answer: { __type: 'com.amazonaws.dynamodb.v20120810#ConditionalCheckFailedException', message: 'The conditional request failed' } };
      }
    },
  };
};
