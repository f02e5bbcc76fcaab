import { useMutation } from '@tanstack/react-query';
import { apiGet } from '../../../lib/http';

export const markNotificationsRead = (): Promise<{ last_notification_read: string }> =>
  apiGet<{ last_notification_read: string }>('/v1/users/set_last_notification_read');

export const markNotificationsReadMutationOptions = () => ({
  mutationKey: ['notifications', 'mark-read'] as const,
  mutationFn: markNotificationsRead,
});

export const useMarkNotificationsRead = () => useMutation(markNotificationsReadMutationOptions());
