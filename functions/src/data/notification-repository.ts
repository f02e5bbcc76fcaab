import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { NotificationItem } from '@shared/schemas/notification';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, putItems, queryPrefix } from './table';

/** The stored item of a notification: under its customer, sorted by its user. */
export const notificationItem = (notification: NotificationItem) => ({
  ...keys.notification(notification.customer, notification.user, notification._id),
  kind: 'notification',
  ...notification,
});

const fromItem = (item: Record<string, unknown>): NotificationItem => stripKeys(item) as unknown as NotificationItem;

export const listNotificationsOfUser = async (customerId: string, userId: string): Promise<NotificationItem[]> => {
  const { PK, prefix } = keys.notificationsOfUser(customerId, userId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem);
};

/** Marks one notification of a user done; another user's or customer's answers not_found. */
export const markNotificationDone = async (customerId: string, userId: string, notificationId: string, at: string): Promise<NotificationItem> => {
  try {
    const answer = await dynamo.send(
      new UpdateCommand({
        TableName: entitiesTable(),
        Key: keys.notification(customerId, userId, notificationId),
        UpdateExpression: 'SET unread = :false, done_at = if_not_exists(done_at, :at)',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':false': false, ':at': at },
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(answer.Attributes ?? {});
  } catch (error) {
    if (error instanceof ConditionalCheckFailedException) throw new AppError('not_found', { cause: error });
    throw error;
  }
};

/** The unread notifications a reminder made, whoever they are for (a reset marks them done). */
export const listUnreadNotificationsOfReminder = async (customerId: string, reminderId: string): Promise<NotificationItem[]> => {
  const { PK, prefix } = keys.notificationsOfCustomer(customerId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(fromItem).filter((item) => item.reminder === reminderId && item.unread);
};

/** Stores notifications (25 per batch, unprocessed ones sent again). */
export const putNotifications = (notifications: readonly NotificationItem[]): Promise<void> => putItems(notifications.map(notificationItem));
