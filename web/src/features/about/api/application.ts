import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi, callApiForAnswer } from '../../../lib/http';

export const ABOUT_KEYS = { information: ['application', 'information'] as const };

export const applicationInformationQueryOptions = () =>
  queryOptions({ queryKey: ABOUT_KEYS.information, queryFn: () => callApi(API.getApplicationInformation, {}) });

export const restartApplication = () => callApiForAnswer(API.forceRestart, {});

/** Starts a dump of the current customer, or (root) of everything; answers the dump (a new one, or the one under way). */
export const startDatabaseDump = (scope: 'customer' | 'all') => callApi(API.downloadDatabase, { query: { scope } });

/** A dump's progress, read again every second while it runs; once done it carries its short-lived link. */
export const databaseDumpQueryOptions = (job: string) =>
  queryOptions({
    queryKey: ['application', 'dumps', job] as const,
    queryFn: () => callApi(API.getDatabaseDump, { params: { id: job } }),
    refetchInterval: (query) => (query.state.data?.state === 'running' ? 1_000 : false),
  });

export const checkUpdate = () => callApi(API.checkUpdate, {});

export const forceUpdate = () => callApi(API.forceUpdate, {});

export const isBackgroundAllowed = () => callApi(API.isBackgroundAllowed, {});

export const reportSpy = (report: { result: unknown; is_locked: boolean; is_allowed_to_update: boolean }) => callApi(API.reportSpy, { body: report });
