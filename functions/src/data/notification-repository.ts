import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ConditionalCheckFailedException } from '@aws-sdk/client-dynamodb';
import type { NotificationItem } from '@shared/schemas/notification';
import { dynamo } from '../clients/dynamodb';
import { AppError } from '../errors';
import { keys, stripKeys } from './keys';
import { entitiesTable, putItems, queryAll, queryIndex, queryPrefix, updateOfAttributes } from './table';

/** The stored item of a notification: under its customer, sorted by its user. */
export const notificationItem = (notification: NotificationItem) => ({
  ...keys.notification(notification.customer, notification.user, notification._id),
  ...keys.notificationInList(notification.customer, notification.user, notification._id),
  kind: 'notification',
  ...notification,
});

const fromItem = (item: Record<string, unknown>): NotificationItem => stripKeys(item) as unknown as NotificationItem;

/**
 * A user's notifications, from their list on GSI1 (a partition of their own: every screen asks for
 * the unread ones). Notifications written before it get their entry from the deploy's migration.
 */
export const listNotificationsOfUser = async (customerId: string, userId: string): Promise<NotificationItem[]> =>
  (await queryIndex<Record<string, unknown>>(keys.notificationList(customerId, userId).GSI1PK))
    .filter((item) => item.customer === customerId)
    .map(fromItem)
    .sort((a, b) => (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));

/** The keys of the customer's notifications that have no entry in their user's list yet (the migration's read). */
export const unlistedNotifications = async (customerId: string): Promise<{ userId: string; notificationId: string }[]> => {
  const { PK, prefix } = keys.notificationsOfCustomer(customerId);
  return (
    await queryAll<{ GSI1PK?: string; user?: string; _id?: string }>({
      KeyConditionExpression: 'PK = :pk AND begins_with(SK, :prefix)',
      ProjectionExpression: 'GSI1PK, #user, #id',
      ExpressionAttributeNames: { '#user': 'user', '#id': '_id' },
      ExpressionAttributeValues: { ':pk': PK, ':prefix': prefix },
    })
  )
    .filter((item) => typeof item.user === 'string' && typeof item._id === 'string' && item.GSI1PK !== keys.notificationList(customerId, item.user).GSI1PK)
    .map((item) => ({ userId: item.user!, notificationId: item._id! }));
};

/** Gives existing notifications their entry in their user's list (one gone meanwhile is skipped). */
export const listNotifications = async (customerId: string, entries: readonly { userId: string; notificationId: string }[]): Promise<void> => {
  for (const { userId, notificationId } of entries) {
    try {
      await dynamo.send(new UpdateCommand(updateOfAttributes(keys.notification(customerId, userId, notificationId), keys.notificationInList(customerId, userId, notificationId))));
    } catch (error) {
      if (!(error instanceof ConditionalCheckFailedException)) throw error;
    }
  }
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
