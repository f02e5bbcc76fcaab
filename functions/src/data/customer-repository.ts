import { GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import type { Customer } from '@shared/schemas/customer';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { entitiesTable, queryIndex } from './table';

const toCustomer = (item: Record<string, unknown>): Customer => stripKeys(item) as unknown as Customer;

export const getCustomer = async (customerId: string): Promise<Customer | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.customer(customerId) }));
  return answer.Item ? toCustomer(answer.Item) : null;
};

export const listCustomers = async (): Promise<Customer[]> =>
  (await queryIndex<Record<string, unknown>>(keys.customersIndex.GSI1PK))
    .map(toCustomer)
    .sort((a, b) => a.name.localeCompare(b.name));

export const putCustomer = async (customer: Customer): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: { ...keys.customer(customer._id), ...keys.customersIndex, GSI1SK: customer.name, kind: 'customer', ...customer },
    }),
  );
};
