import { GetCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { Point } from '@shared/schemas/point';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryPrefix } from './table';

const toPoint = (item: Record<string, unknown>): Point => stripKeys(item) as unknown as Point;

export const listPointsOfCustomer = async (customerId: string): Promise<Point[]> => {
  const { PK, prefix } = keys.pointsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(toPoint).sort((a, b) => a.name.localeCompare(b.name));
};

export const getPoint = async (customerId: string, pointId: string): Promise<Point | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.point(customerId, pointId) }));
  return answer.Item ? toPoint(answer.Item) : null;
};

export const isTechnicalIdTaken = async (customerId: string, technicalId: string, exceptPointId?: string): Promise<boolean> => {
  const answer = await dynamo.send(
    new GetCommand({ TableName: entitiesTable(), Key: keys.technicalId(customerId, technicalId) }),
  );
  return Boolean(answer.Item && answer.Item.point !== exceptPointId);
};

const isConditionFailure = (error: unknown): boolean =>
  (error as { name?: string }).name === 'TransactionCanceledException' ||
  (error as { name?: string }).name === 'ConditionalCheckFailedException';

/**
 * Saves a point and claims its technical id in one transaction: two points of a customer can
 * never share a technical id, even when saved at the same instant. A changed technical id
 * releases the old claim.
 */
export const savePoint = async (point: Point, previousTechnicalId: string | null): Promise<void> => {
  const table = entitiesTable();
  const claim = {
    Put: {
      TableName: table,
      Item: { ...keys.technicalId(point.customer, point.technical_id), kind: 'technical-id', point: point._id },
      ConditionExpression: 'attribute_not_exists(PK) OR #point = :point',
      ExpressionAttributeNames: { '#point': 'point' },
      ExpressionAttributeValues: { ':point': point._id },
    },
  };
  const release =
    previousTechnicalId && previousTechnicalId !== point.technical_id
      ? [{ Delete: { TableName: table, Key: keys.technicalId(point.customer, previousTechnicalId) } }]
      : [];
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          claim,
          ...release,
          { Put: { TableName: table, Item: { ...keys.point(point.customer, point._id), kind: 'point', ...point } } },
        ],
      }),
    );
  } catch (error) {
    if (isConditionFailure(error)) throw new AppError('technical_id_exists', { cause: error });
    throw error;
  }
};

/** Saves several existing points at once (at most 100), all or nothing. */
export const updatePoints = async (points: readonly Point[]): Promise<void> => {
  for (let offset = 0; offset < points.length; offset += 100) {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: points.slice(offset, offset + 100).map((point) => ({
          Put: {
            TableName: entitiesTable(),
            Item: { ...keys.point(point.customer, point._id), kind: 'point', ...point },
            ConditionExpression: 'attribute_exists(PK)',
          },
        })),
      }),
    );
  }
};

export const deletePoint = async (point: Point): Promise<void> => {
  await dynamo.send(
    new TransactWriteCommand({
      TransactItems: [
        { Delete: { TableName: entitiesTable(), Key: keys.point(point.customer, point._id) } },
        { Delete: { TableName: entitiesTable(), Key: keys.technicalId(point.customer, point.technical_id) } },
      ],
    }),
  );
};
