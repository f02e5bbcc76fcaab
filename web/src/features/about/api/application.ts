import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi, callApiForAnswer } from '../../../lib/http';

export const ABOUT_KEYS = { information: ['application', 'information'] as const };

export const applicationInformationQueryOptions = () =>
  queryOptions({ queryKey: ABOUT_KEYS.information, queryFn: () => callApi(API.getApplicationInformation, {}) });

export const restartApplication = () => callApiForAnswer(API.forceRestart, {});

/** The dump of the current customer, or (root) of everything: a link the browser downloads. */
export const downloadDatabase = (scope: 'customer' | 'all') => callApi(API.downloadDatabase, { query: { scope }, timeoutMs: 60_000 });

export const checkUpdate = () => callApi(API.checkUpdate, {});

export const forceUpdate = () => callApi(API.forceUpdate, {});

export const isBackgroundAllowed = () => callApi(API.isBackgroundAllowed, {});

export const reportSpy = (report: { result: unknown; is_locked: boolean; is_allowed_to_update: boolean }) => callApi(API.reportSpy, { body: report });
