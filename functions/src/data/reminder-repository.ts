import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { DeleteCommand, GetCommand, PutCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import { dynamo } from '../clients/dynamodb';
import { keys, stripKeys } from './keys';
import { notificationItem } from './notification-repository';
import { entitiesTable, queryPrefix, updateAttributes } from './table';

const fromItem = (item: Record<string, unknown>): Reminder => stripKeys(item) as unknown as Reminder;

export const listRemindersOfCustomer = async (customerId: string): Promise<Reminder[]> => {
  const { PK, prefix } = keys.ownedOfCustomer(customerId, 'reminder');
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem).sort((a, b) => a.created_at.localeCompare(b.created_at));
};

export const getReminder = async (customerId: string, reminderId: string): Promise<Reminder | null> => {
  const answer = await dynamo.send(new GetCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'reminder', reminderId), ConsistentRead: true }));
  return answer.Item ? fromItem(answer.Item) : null;
};

export const putNewReminder = async (reminder: Reminder): Promise<void> => {
  await dynamo.send(
    new PutCommand({
      TableName: entitiesTable(),
      Item: { ...keys.owned(reminder.customer, 'reminder', reminder._id), kind: 'reminder', ...reminder },
      ConditionExpression: 'attribute_not_exists(PK)',
    }),
  );
};

/** Saves the fields a user edits and the schedule state that follows from them; a deleted reminder stays deleted. */
export const saveReminder = (reminder: Reminder): Promise<void> => {
  const { _id, customer, created_at: _created, ...fields } = reminder;
  return updateAttributes(keys.owned(customer, 'reminder', _id), fields);
};

export const deleteReminder = async (customerId: string, reminderId: string): Promise<void> => {
  await dynamo.send(new DeleteCommand({ TableName: entitiesTable(), Key: keys.owned(customerId, 'reminder', reminderId) }));
};

/** What a firing changes on its reminder. */
export type FiringOutcome = Pick<Reminder, 'next_due' | 'awaiting_reset' | 'last_fired_at'>;

/**
 * Records that a reminder fired for `due`, in one transaction: the firing marker (absent before),
 * the notifications of its people, and the reminder's new state (only while it is active and
 * waits for no reset). False when that due time fired already or the reminder changed so: nothing is written.
 */
export const recordReminderFiring = async (
  reminder: Reminder,
  due: string,
  notifications: readonly NotificationItem[],
  outcome: FiringOutcome,
): Promise<boolean> => {
  const table = entitiesTable();
  const names = Object.keys(outcome);
  try {
    await dynamo.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: table,
              Item: { ...keys.reminderFiring(reminder.customer, reminder._id, due), kind: 'reminder-firing', reminder: reminder._id, due, at: outcome.last_fired_at },
              ConditionExpression: 'attribute_not_exists(PK)',
            },
          },
          {
            Update: {
              TableName: table,
              Key: keys.owned(reminder.customer, 'reminder', reminder._id),
              UpdateExpression: `SET ${names.map((_, index) => `#n${index} = :v${index}`).join(', ')}`,
              ConditionExpression: 'attribute_exists(PK) AND awaiting_reset = :false AND active = :true',
              ExpressionAttributeNames: Object.fromEntries(names.map((name, index) => [`#n${index}`, name])),
              ExpressionAttributeValues: { ':false': false, ':true': true, ...Object.fromEntries(names.map((name, index) => [`:v${index}`, outcome[name as keyof FiringOutcome]])) },
            },
          },
          ...notifications.map((notification) => ({ Put: { TableName: table, Item: notificationItem(notification) } })),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};
