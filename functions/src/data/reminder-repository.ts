import { ConditionalCheckFailedException, TransactionCanceledException } from '@aws-sdk/client-dynamodb';
import { TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { NotificationItem } from '@shared/schemas/notification';
import type { Reminder } from '@shared/schemas/reminder';
import { dynamo } from '../clients/dynamodb';
import { keys } from './keys';
import { notificationItem } from './notification-repository';
import { outboxRecordPut, type OutboxRecord } from './outbox-repository';
import { ownedItems } from './owned-repository';
import { entitiesTable } from './table';

const reminders = ownedItems<Reminder>('reminder');

export const listRemindersOfCustomer = async (customerId: string): Promise<Reminder[]> =>
  (await reminders.list(customerId)).sort((a, b) => a.created_at.localeCompare(b.created_at));
export const getReminder = reminders.get;
export const putNewReminder = reminders.putNew;
/** Saves the fields a user edits and the schedule state that follows from them; a deleted reminder stays deleted. */
export const saveReminder = reminders.save;
export const deleteReminder = reminders.remove;

/** What a firing changes on its reminder. */
export type FiringOutcome = Pick<Reminder, 'next_due' | 'awaiting_reset' | 'last_fired_at'>;

/**
 * Records that a reminder fired for `due`, in one transaction: the firing marker (absent before),
 * the notifications of its people, its e-mails (outbox records), and the reminder's new state (only while it is active and
 * waits for no reset). False when that due time fired already or the reminder changed so: nothing is written.
 */
export const recordReminderFiring = async (
  reminder: Reminder,
  due: string,
  notifications: readonly NotificationItem[],
  outcome: FiringOutcome,
  outbox: readonly OutboxRecord[] = [],
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
          ...outbox.map(outboxRecordPut),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (error instanceof TransactionCanceledException || error instanceof ConditionalCheckFailedException) return false;
    throw error;
  }
};

/**
 * Moves a reminder's next due time on without firing it (an occurrence that passed while its
 * customer was deleted); a reminder gone meanwhile (purged) is left gone.
 */
export const passReminderOccurrence = async (reminder: Reminder, nextDue: string | null): Promise<void> => {
  try {
    await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.owned(reminder.customer, 'reminder', reminder._id),
        UpdateExpression: 'SET next_due = :next',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':next': nextDue },
      }),
    );
  } catch (error) {
    if (!(error instanceof ConditionalCheckFailedException)) throw error;
  }
};
