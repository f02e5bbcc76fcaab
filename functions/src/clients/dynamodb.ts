import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { meterDynamo } from '../usage/dynamodb-meter';

const client = new DynamoDBClient({});
// The SDK's default logger discards everything, yet its middleware first builds a log-safe copy
// of every response (a walk over every attribute read): pure cost with no logger configured.
client.middlewareStack.remove('loggerMiddleware');
// Request units and calls of metered invocations (usage/meter.ts): off unless USAGE_SAMPLE_RATE samples the invocation.
meterDynamo(client);

/** Built once per container and reused by every repository. */
export const dynamo = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});

/** Calls made by this container so far, by `<operation> <table>`: what a long job (an import) costs, read before and after it. */
const callsMade = new Map<string, number>();
dynamo.middlewareStack.add(
  (next, context) => async (args) => {
    const input = args.input as { TableName?: string; RequestItems?: Record<string, unknown>; Statements?: { Statement?: string }[] };
    // A PartiQL batch names its table in its statements (`INSERT INTO "table" …`).
    const statementTable = /^\s*\w+\s+(?:INTO\s+|FROM\s+)?"([^"]+)"/i.exec(input.Statements?.[0]?.Statement ?? '')?.[1];
    const table = input.TableName ?? (Object.keys(input.RequestItems ?? {}).join('+') || statementTable || 'transaction');
    const kind = `${(context.commandName ?? 'unknown').replace(/Command$/, '')} ${table}`;
    callsMade.set(kind, (callsMade.get(kind) ?? 0) + 1);
    return next(args);
  },
  { step: 'initialize', name: 'callCounter' },
);

/** A copy of the calls made so far (see `callsMade`). */
export const dynamoCallsMade = (): Map<string, number> => new Map(callsMade);
