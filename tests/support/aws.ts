import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { GetSecretValueCommand, ListSecretsCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { DeleteCommand, DynamoDBDocumentClient, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { testEnvironment } from './environment';
import { decodePack } from '../../functions/src/data/rollup-pack';

const clientOptions = () => ({
  endpoint: testEnvironment().endpoint,
  region: 'us-east-1',
  credentials: { accessKeyId: 'test', secretAccessKey: 'test' },
});

let documents: DynamoDBDocumentClient | undefined;
const dynamo = () => (documents ??= DynamoDBDocumentClient.from(new DynamoDBClient(clientOptions())));

/** Direct access to the entities table, to arrange states the API has no screen for yet. */
export const entities = {
  get: async (key: { PK: string; SK: string }) =>
    (await dynamo().send(new GetCommand({ TableName: testEnvironment().entitiesTable, Key: key }))).Item,
  put: (item: Record<string, unknown>) => dynamo().send(new PutCommand({ TableName: testEnvironment().entitiesTable, Item: item })),
  delete: (key: { PK: string; SK: string }) =>
    dynamo().send(new DeleteCommand({ TableName: testEnvironment().entitiesTable, Key: key })),
  set: (key: { PK: string; SK: string }, values: Record<string, unknown>) =>
    dynamo().send(
      new UpdateCommand({
        TableName: testEnvironment().entitiesTable,
        Key: key,
        UpdateExpression: `SET ${Object.keys(values).map((name, index) => `#n${index} = :v${index}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(Object.keys(values).map((name, index) => [`#n${index}`, name])),
        ExpressionAttributeValues: Object.fromEntries(Object.values(values).map((value, index) => [`:v${index}`, value])),
      }),
    ),
};

/** The token signing secret generated at deploy time, to forge expired tokens in tests. */
export const jwtSecret = async (): Promise<string> => {
  const secrets = new SecretsManagerClient(clientOptions());
  const list = await secrets.send(new ListSecretsCommand({}));
  const secret = list.SecretList?.find((candidate) => candidate.Name?.includes('JwtSecret'));
  if (!secret?.ARN) throw new Error('JWT secret not found');
  const value = await secrets.send(new GetSecretValueCommand({ SecretId: secret.ARN }));
  return value.SecretString ?? '';
};

/** Raw values written straight into the series table, as the bulk ingestion path stores them. */
export const series = {
  putRaw: async (pointId: string, values: { at: number; value: number }[], zone = 'Europe/Paris') => {
    const { BatchWriteCommand } = await import('@aws-sdk/lib-dynamodb');
    const pad = (at: number) => String(at).padStart(13, '0');
    const month = (at: number) => new Date(at).toISOString().slice(0, 7).replace('-', '');
    for (let offset = 0; offset < values.length; offset += 25) {
      await dynamo().send(
        new BatchWriteCommand({
          RequestItems: {
            [testEnvironment().seriesTable]: values.slice(offset, offset + 25).map(({ at, value }) => ({
              PutRequest: { Item: { PK: `S#${pointId}#${month(at)}`, SK: pad(at), t: at, v: value, s: '1', z: zone, b: 0 } },
            })),
          },
        }),
      );
    }
  },
  deleteRaw: (pointId: string, at: number) =>
    dynamo().send(
      new DeleteCommand({
        TableName: testEnvironment().seriesTable,
        Key: { PK: `S#${pointId}#${new Date(at).toISOString().slice(0, 7).replace('-', '')}`, SK: String(at).padStart(13, '0') },
      }),
    ),
  /** Rollups of one pack (hours of a UTC month yyyyMM, days or months of a UTC year yyyy), or of every pack. */
  rollups: async (pointId: string, level: 'hour' | 'day' | 'month', pack = '') => {
    const { QueryCommand } = await import('@aws-sdk/lib-dynamodb');
    const answer = await dynamo().send(
      new QueryCommand({
        TableName: testEnvironment().seriesTable,
        KeyConditionExpression: pack ? 'PK = :pk AND SK = :pack' : 'PK = :pk',
        ExpressionAttributeValues: { ':pk': `R#${pointId}#${level}`, ...(pack ? { ':pack': pack } : {}) },
      }),
    );
    return (answer.Items ?? []).flatMap((item) => decodePack(item));
  },
  /** A point's extent marker for one level: the sort key at or before its earliest pack. */
  firstPack: async (pointId: string, level: 'hour' | 'day' | 'month') =>
    (await dynamo().send(new GetCommand({ TableName: testEnvironment().seriesTable, Key: { PK: `E#${pointId}`, SK: level } }))).Item?.firstPack,
};
