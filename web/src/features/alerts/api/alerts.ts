import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { AlertInput, AlertLogPeriod } from '@shared/schemas/alert';
import { callApi } from '../../../lib/http';

export const ALERT_KEYS = {
  all: ['alerts'] as const,
  one: (id: string) => ['alerts', id] as const,
  summary: (mode: LogMode) => ['alerts', 'summary', mode] as const,
  log: (mode: LogMode, period: AlertLogPeriod, alertId: string) => ['alerts', 'log', mode, period, alertId] as const,
};

/** The log shows entries not acquitted; the historical, acquitted ones. */
export type LogMode = 'log' | 'historical';

/** The alerts the request view shows (the list reloads after every change). */
export const alertsQueryOptions = () => queryOptions({ queryKey: ALERT_KEYS.all, queryFn: () => callApi(API.listAlerts, {}) });

export const alertQueryOptions = (id: string) => queryOptions({ queryKey: ALERT_KEYS.one(id), queryFn: () => callApi(API.getAlert, { params: { id } }) });

export const createAlert = (alert: AlertInput) => callApi(API.createAlert, { body: { alert } });

export const updateAlert = (id: string, alert: AlertInput) => callApi(API.updateAlert, { body: { alert: { ...alert, _id: id } } });

export const deleteAlert = (id: string) => callApi(API.deleteAlert, { params: { id } });

export const logSummaryQueryOptions = (mode: LogMode) =>
  queryOptions({
    queryKey: ALERT_KEYS.summary(mode),
    queryFn: () => (mode === 'log' ? callApi(API.alertLogSummary, {}) : callApi(API.alertHistoricalSummary, {})),
  });

export const logQueryOptions = (mode: LogMode, period: AlertLogPeriod, alertId: string) =>
  queryOptions({
    queryKey: ALERT_KEYS.log(mode, period, alertId),
    queryFn: () => callApi(mode === 'log' ? API.alertLog : API.alertHistoricalLog, { params: { period, alertId } }),
  });

export const acquitLogItem = (logId: string, comments: string | null) => callApi(API.acquitAlertLog, { body: { alert: { id: logId, comments } } });

export const acquitAllLog = (alertId: string, comments: string | null) => callApi(API.acquitAllAlertLog, { body: { alert: { id: alertId, comments } } });

export const addLogMessage = (logId: string, text: string) => callApi(API.addAlertLogMessage, { body: { alert: { id: logId, comment: { text } } } });

export const addLogMessageToAll = (alertId: string, text: string) => callApi(API.addAlertLogMessageToAll, { body: { alert: { id: alertId, comment: { text } } } });

export const eraseFromLog = (alertId: string) => callApi(API.eraseAlertFromLog, { params: { alertId } });
