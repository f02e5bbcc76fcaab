import { useMutation } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const markNotificationsRead = (): Promise<{ last_notification_read: string }> =>
  callApi(API.setLastNotificationRead, {});

export const markNotificationsReadMutationOptions = () => ({
  mutationKey: ['notifications', 'mark-read'] as const,
  mutationFn: markNotificationsRead,
});

export const useMarkNotificationsRead = () => useMutation(markNotificationsReadMutationOptions());
