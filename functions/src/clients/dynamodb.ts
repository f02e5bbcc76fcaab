import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

const client = new DynamoDBClient({});
// The SDK's default logger discards everything, yet its middleware first builds a log-safe copy
// of every response (a walk over every attribute read): pure cost with no logger configured.
client.middlewareStack.remove('loggerMiddleware');

/** Built once per container and reused by every repository. */
export const dynamo = DynamoDBDocumentClient.from(client, {
  marshallOptions: { removeUndefinedValues: true },
});
