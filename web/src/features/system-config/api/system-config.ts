import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { SystemConfigSettings } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const systemConfigQueryOptions = () => queryOptions({ queryKey: ['system-config'], queryFn: () => callApi(API.getSystemConfig, {}) });

export const saveSystemConfig = (settings: SystemConfigSettings) => callApi(API.updateSystemConfig, { body: settings });
