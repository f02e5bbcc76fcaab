import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import { GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Customer } from '@shared/schemas/customer';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { countAll, entitiesTable, queryIndex, updateOfAttributes } from './table';

/** A customer as answered: its deletion's step, runs and work done are shown, the rest of the checkpoint is the job's. */
const toCustomer = (item: Record<string, unknown>): Customer => {
  const { deletion_job: _job, deletion_cursor: _cursor, deletion_heartbeat_at: _heartbeat, deletion_settle_at: _settle, ...customer } = stripKeys(item);
  return customer as unknown as Customer;
};

const itemOf = (customer: Customer) => ({ ...keys.customer(customer._id), ...keys.customersIndex, GSI1SK: customer.name, kind: 'customer', ...customer });

export const getCustomer = async (customerId: string): Promise<Customer | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.customer(customerId), ConsistentRead: true }));
  return answer.Item ? toCustomer(answer.Item) : null;
};

export const listCustomers = async (): Promise<Customer[]> =>
  (await queryIndex<Record<string, unknown>>(keys.customersIndex.GSI1PK))
    .map(toCustomer)
    .sort((a, b) => a.name.localeCompare(b.name));

export const putCustomer = async (customer: Customer): Promise<void> => {
  await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: itemOf(customer) }));
};

/** A new customer only: its id is new, so a second put of the same id is a conflict, not a replacement. */
export const createCustomerItem = async (customer: Customer): Promise<void> => {
  try {
    await dynamo.send(new PutCommand({ TableName: entitiesTable(), Item: itemOf(customer), ConditionExpression: 'attribute_not_exists(PK)' }));
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AppError('conflict', { cause: error });
    throw error;
  }
};

/** Changes the named fields of a customer that exists and is not being deleted. */
export const updateCustomerFields = async (customerId: string, fields: Partial<Omit<Customer, '_id' | 'deleting'>>): Promise<void> => {
  const update = updateOfAttributes(keys.customer(customerId), { ...fields, ...(fields.name ? { GSI1SK: fields.name } : {}) });
  try {
    await dynamo.send(
      new UpdateCommand({
        ...update,
        ConditionExpression: 'attribute_exists(PK) AND (attribute_not_exists(#deleting) OR #deleting = :false)',
        ExpressionAttributeNames: { ...update.ExpressionAttributeNames, '#deleting': 'deleting' },
        ExpressionAttributeValues: { ...update.ExpressionAttributeValues, ':false': false },
      }),
    );
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) {
      throw new AppError((await getCustomer(customerId)) ? 'customer_deletion_in_progress' : 'customer_not_found', { cause: error });
    }
    throw error;
  }
};

/** How many entries a partition of GSI1 holds, counted by the table (no item read back). */
const countIndexPartition = (GSI1PK: string): Promise<number> =>
  countAll({ IndexName: 'GSI1', KeyConditionExpression: 'GSI1PK = :pk', ExpressionAttributeValues: { ':pk': GSI1PK } });

/**
 * How many locations and points a customer has, counted in their lists (GSI1 partitions of their own),
 * not in the customer's partition, which also holds the points' guards, notifications and owned objects.
 */
export const countLocationsOfCustomer = (customerId: string): Promise<number> => countIndexPartition(keys.locationList(customerId).GSI1PK);
export const countPointsOfCustomer = (customerId: string): Promise<number> => countIndexPartition(keys.pointsInOrder(customerId).GSI1PK);
