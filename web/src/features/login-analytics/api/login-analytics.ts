import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { MessageToUser } from '@shared/schemas/system-settings';
import { callApi } from '../../../lib/http';

export const loginAnalyticsQueryOptions = () => queryOptions({ queryKey: ['login-analytics'], queryFn: () => callApi(API.loginAnalytics, {}) });

export const messageConnectedUser = (userId: string, message: MessageToUser) =>
  callApi(API.messageConnectedUser, { params: { id: userId }, body: message });

export const logOutConnectedUser = (userId: string) => callApi(API.logOutConnectedUser, { params: { id: userId } });
