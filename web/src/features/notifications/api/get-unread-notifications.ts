import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '@shared/schemas/notification';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const getUnreadNotifications = async (): Promise<NotificationItem[]> =>
  (await callApi(API.listUnreadNotifications, {})).new;

/** The list is reloaded at most every 30 seconds (spec 1 §9), or when the server pushes news. */
export const unreadNotificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: getUnreadNotifications,
    staleTime: 30_000,
    refetchInterval: 5 * 60_000,
  });

export const useUnreadNotifications = () => useQuery(unreadNotificationsQueryOptions());
