import { readUnits, writeUnits, anyItemSize } from '../../functions/src/usage/dynamodb-units';
import { insertedItem, readUnitsOf } from '../../functions/src/usage/dynamodb-meter';
import { meteredUnits } from './usage-units';

/**
 * Where a piece of work's DynamoDB request units go, by kind of item (raw hour item, pending mark,
 * hour/day/month pack, extent marker, point…) and call: the functions' client is watched while
 * `work` runs (metered, so DynamoDB answers its consumed capacity). Besides what the usage meter
 * counts, it counts what AWS bills and the meter cannot see: a read of an absent item (½ or 1
 * unit) and a conditional write whose condition failed (1 unit at least). A batch of PartiQL
 * INSERTs (BatchExecuteStatement) is counted statement by statement: one that landed or found its
 * key taken (`DuplicateItem`, billed as a failed condition) at its item's size, a throttled one at none.
 */
export interface LedgerLine {
  kind: string;
  calls: number;
  rcu: number;
  wcu: number;
}

type Plain = Record<string, unknown>;

const text = (value: unknown): string => (typeof value === 'string' ? value : value && typeof value === 'object' && 'S' in value ? String((value as { S: unknown }).S) : '');

/** The kind of item a key names, from the series' and entities' key formats (functions/src/data/series-keys.ts, keys.ts). */
export const kindOfKey = (PK: string, SK = ''): string => {
  if (PK.startsWith('S#')) return 'raw hour item';
  if (PK.startsWith('R#')) return `${PK.slice(PK.lastIndexOf('#') + 1)} pack`;
  if (PK.startsWith('E#')) return SK === 'pending' ? 'pending mark' : SK === '' ? 'marks/extents' : 'extent marker';
  if (PK.startsWith('M#')) return 'raw-month marker';
  if (PK.startsWith('C#') && SK.startsWith('PT#')) return 'point (last data date)';
  // Its own partition (`C#<customer>#FETCHDATES`), or the customer's where versions before 2026-11-29's kept it.
  if (PK.startsWith('C#') && (PK.endsWith('#FETCHDATES') || SK.startsWith('FETCHDATES#'))) return "fetched dates (a source's)";
  return `other ${PK.split('#')[0]}#`;
};

const keyKind = (key: Plain | undefined): string => kindOfKey(text(key?.PK), text(key?.SK));

const queryKind = (input: Plain): string => kindOfKey(text((input.ExpressionAttributeValues as Plain | undefined)?.[':pk']));

export const dynamoLedger = async <T>(work: () => Promise<T>): Promise<{ lines: LedgerLine[]; meter: { rcu: number; wcu: number }; result: T }> => {
  const { dynamo } = await import('../../functions/src/clients/dynamodb');
  const lines = new Map<string, LedgerLine>();
  const add = (kind: string, call: string, rcu: number, wcu: number, calls = 1) => {
    const name = `${kind} · ${call}`;
    const line = lines.get(name) ?? { kind: name, calls: 0, rcu: 0, wcu: 0 };
    line.calls += calls;
    line.rcu += rcu;
    line.wcu += wcu;
    lines.set(name, line);
  };
  const name = `dynamoLedger-${Math.random()}`;
  dynamo.middlewareStack.add(
    (next, context) => async (args) => {
      const operation = (context.commandName ?? 'Unknown').replace(/Command$/, '');
      const input = args.input as Plain;
      const strong = input.ConsistentRead === true;
      const consistency = strong ? 'strong' : 'eventual';
      let result: Awaited<ReturnType<typeof next>>;
      try {
        result = await next(args);
      } catch (error) {
        if ((error as { name?: string }).name === 'ConditionalCheckFailedException') add(keyKind(input.Key as Plain ?? input.Item as Plain), `${operation} (condition failed)`, 0, 1);
        throw error;
      }
      const output = result.output as Plain;
      const consumed = (output.ConsumedCapacity as { CapacityUnits?: number } | undefined)?.CapacityUnits;
      switch (operation) {
        case 'GetItem':
          add(keyKind(input.Key as Plain), `GetItem${strong ? ' strong' : ''}`, output.Item ? readUnitsOf('GetItem', input, output) : readUnits(0, consistency), 0);
          break;
        case 'Query':
          add(queryKind(input), `Query${strong ? ' strong' : ''}`, readUnitsOf('Query', input, output), 0);
          break;
        case 'BatchGetItem':
          for (const [table, request] of Object.entries(input.RequestItems as Record<string, { Keys: Plain[]; ConsistentRead?: boolean }>)) {
            const answered = new Map(((output.Responses as Record<string, Plain[]>)?.[table] ?? []).map((item) => [`${text(item.PK)}|${text(item.SK)}`, item]));
            for (const key of request.Keys) {
              const item = answered.get(`${text(key.PK)}|${text(key.SK)}`);
              const units = item ? readUnitsOf('GetItem', { ConsistentRead: request.ConsistentRead }, { Item: item }) : readUnits(0, request.ConsistentRead ? 'strong' : 'eventual');
              add(keyKind(key), `BatchGetItem${request.ConsistentRead ? ' strong' : ''}${item ? '' : ' (absent)'}`, units, 0, 0);
            }
            add('(calls)', 'BatchGetItem', 0, 0);
          }
          break;
        case 'PutItem':
          add(keyKind(input.Item as Plain), 'PutItem', 0, consumed ?? writeUnits(anyItemSize(input.Item as Plain)));
          break;
        case 'UpdateItem':
        case 'DeleteItem':
          add(keyKind(input.Key as Plain), operation, 0, consumed ?? 1);
          break;
        case 'BatchWriteItem':
          for (const requests of Object.values(input.RequestItems as Record<string, Plain[]>)) {
            for (const request of requests) {
              const put = (request.PutRequest as { Item?: Plain } | undefined)?.Item;
              add(keyKind(put ?? ((request.DeleteRequest as { Key?: Plain })?.Key)), 'BatchWriteItem', 0, put ? writeUnits(anyItemSize(put)) : 1, 0);
            }
          }
          break;
        case 'BatchExecuteStatement':
          ((input.Statements ?? []) as { Statement?: string; Parameters?: unknown[] }[]).forEach((statement, index) => {
            const code = ((output.Responses as { Error?: { Code?: string } }[] | undefined)?.[index])?.Error?.Code;
            const inserted = insertedItem(statement);
            const kind = inserted ? keyKind(inserted.item) : 'other';
            const billed = code === undefined || code === 'DuplicateItem' || code === 'ConditionalCheckFailed';
            add(kind, `PartiQL INSERT${code ? ` (${code})` : ''}`, 0, billed ? (inserted ? writeUnits(inserted.bytes) : 1) : 0, 0);
          });
          add('(calls)', 'BatchExecuteStatement', 0, 0);
          break;
        case 'TransactWriteItems':
          for (const entry of input.TransactItems as Plain[]) {
            const [[action, body]] = Object.entries(entry) as [string, Plain][];
            add(keyKind((body.Item ?? body.Key) as Plain), `Transact ${action}`, 0, body.Item ? writeUnits(anyItemSize(body.Item as Plain), true) : 2, 0);
          }
          break;
        default:
          add('other', operation, 0, 0);
      }
      return result;
    },
    { step: 'initialize', name },
  );
  try {
    const { rcu, wcu, result } = await meteredUnits(work);
    return { lines: [...lines.values()].sort((a, b) => b.wcu + b.rcu - (a.wcu + a.rcu)), meter: { rcu, wcu }, result };
  } finally {
    dynamo.middlewareStack.remove(name);
  }
};

/** The ledger as a table, units per `per` (a point, a point-hour…). */
export const ledgerTable = (lines: readonly LedgerLine[], per = 1): string =>
  [
    '| kind of item · call | calls | RCU | WCU |',
    '|---|---|---|---|',
    ...lines.map((line) => `| ${line.kind} | ${+(line.calls / per).toFixed(3)} | ${+(line.rcu / per).toFixed(3)} | ${+(line.wcu / per).toFixed(3)} |`),
    `| total | | ${+(lines.reduce((sum, line) => sum + line.rcu, 0) / per).toFixed(3)} | ${+(lines.reduce((sum, line) => sum + line.wcu, 0) / per).toFixed(3)} |`,
  ].join('\n');
