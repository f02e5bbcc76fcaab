import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { NotificationSettings } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['notification-settings'], queryFn: () => callApi(API.getNotificationSettings, {}) });

export const saveNotificationSettings = (settings: NotificationSettings) => callApi(API.updateNotificationSettings, { body: settings });
