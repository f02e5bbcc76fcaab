import type { NotificationItem } from '@shared/schemas/notification';
import { keys, stripKeys } from './keys';
import { queryPrefix } from './table';

export const listNotificationsOfUser = async (customerId: string, userId: string): Promise<NotificationItem[]> => {
  const { PK, prefix } = keys.notificationsOfUser(customerId, userId);
  return (await queryPrefix<Record<string, unknown>>(PK, prefix)).map(
    (item) => stripKeys(item) as unknown as NotificationItem,
  );
};
