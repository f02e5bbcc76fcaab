import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { NOTIFICATION_PAGE_SIZE } from '@shared/constants';
import { API } from '@shared/api/routes';
import type { NotificationItem } from '@shared/schemas/notification';
import { callApi } from '../../../lib/http';
import { unreadNotificationsQueryOptions } from './get-unread-notifications';

export const NOTIFICATION_LIST_KEY = ['notifications', 'list'] as const;

/** One page of 20: new entries first, then old (spec 2 §9: skip grows by the limit). */
export const getNotificationPage = (skip: number, limit = NOTIFICATION_PAGE_SIZE) =>
  callApi(API.listNotifications, { params: { skip: String(skip), limit: String(limit) } });

export const notificationListQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: NOTIFICATION_LIST_KEY,
    queryFn: ({ pageParam }) => getNotificationPage(pageParam),
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.new.length + last.old.length < NOTIFICATION_PAGE_SIZE ? undefined : pages.length * NOTIFICATION_PAGE_SIZE,
  });

/** The list as one sequence: a page's new entries precede its old ones. */
export const flattenPages = (pages: { new: NotificationItem[]; old: NotificationItem[] }[]): NotificationItem[] => {
  const seen = new Set<string>();
  return pages.flatMap((page) => [...page.new, ...page.old]).filter((item) => !seen.has(item._id) && seen.add(item._id));
};

export const markNotificationDone = (id: string) => callApi(API.markNotificationDone, { body: { _id: id } });

/** 'Done': the list and the bell's unread count follow. */
export const useMarkNotificationDone = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationDone,
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: NOTIFICATION_LIST_KEY }),
        queryClient.invalidateQueries({ queryKey: unreadNotificationsQueryOptions().queryKey }),
      ]);
    },
  });
};
