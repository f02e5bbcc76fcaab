import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { VersionedNotificationSettings } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const notificationSettingsQueryOptions = () =>
  queryOptions({ queryKey: ['notification-settings'], queryFn: () => callApi(API.getNotificationSettings, {}) });

/** Saves the settings read at their `version`: 409 `settings_changed` when someone else saved them since. */
export const saveNotificationSettings = (settings: VersionedNotificationSettings) => callApi(API.updateNotificationSettings, { body: settings });
