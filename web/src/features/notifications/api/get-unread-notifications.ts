import { queryOptions, useQuery } from '@tanstack/react-query';
import type { NotificationItem } from '@shared/schemas/notification';
import { API } from '@shared/api/routes';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const getUnreadNotifications = async (): Promise<NotificationItem[]> =>
  (await callApi(API.listUnreadNotifications, {})).new;

/**
 * The list is reloaded at most every `reloadSeconds` (the customer's notification settings, 30 s
 * at least, spec 1 §9), and at once when the server pushes news.
 */
export const unreadNotificationsQueryOptions = (reloadSeconds: number = DEFAULT_NOTIFICATION_SETTINGS.reload_seconds) =>
  queryOptions({
    queryKey: ['notifications', 'unread'],
    queryFn: getUnreadNotifications,
    staleTime: reloadSeconds * 1000,
    refetchInterval: reloadSeconds * 1000,
  });

/** The customer's reload time of notifications; the default until it is known. */
const useReloadSeconds = (): number =>
  useQuery({ queryKey: ['notifications', 'settings'], queryFn: () => callApi(API.getNotificationSettings, {}), staleTime: 5 * 60_000 }).data?.reload_seconds ??
  DEFAULT_NOTIFICATION_SETTINGS.reload_seconds;

export const useUnreadNotifications = () => useQuery(unreadNotificationsQueryOptions(useReloadSeconds()));
