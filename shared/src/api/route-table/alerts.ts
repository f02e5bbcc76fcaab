import * as z from 'zod';
import { idSchema } from '../../schemas/common';
import {
  alertAcquitAllResponseSchema,
  alertAcquitRequestSchema,
  alertAcquitResponseSchema,
  alertCreateRequestSchema,
  alertDeletionResponseSchema,
  alertEraseResponseSchema,
  alertLogByIdRequestSchema,
  alertLogByIdResponseSchema,
  alertLogParamsSchema,
  alertLogResponseSchema,
  alertLogSummarySchema,
  alertMessageRequestSchema,
  alertMessageResponseSchema,
  alertSchema,
  alertUpdateRequestSchema,
} from '../../schemas/alert';
import { route, byId, type GroupRoutes } from '../define-route';

const ALERTS = { permission: 'app.alerts.view' } as const;
const ALERT_LOG = { permission: 'app.alerts.log' } as const;
const ALERT_HISTORICAL = { permission: 'app.alerts.historical' } as const;

/** The routes the `alerts` function serves. */
export const alertsRoutes = {
  // Alerts (spec 2 §7 "Alerts"): premium through their permission keys; owned objects.
  listAlerts: route('GET', '/api/v1/alerts', 'alerts', { ...ALERTS, response: z.array(alertSchema), owned: { kind: 'alert', intent: 'list' } }),
  getAlert: route('GET', '/api/v1/alerts/{id}', 'alerts', {
    ...ALERTS,
    params: byId,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createAlert: route('POST', '/api/v1/alerts', 'alerts', {
    ...ALERTS,
    action: 'create',
    body: alertCreateRequestSchema,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'create' },
  }),
  updateAlert: route('PUT', '/api/v1/alerts', 'alerts', {
    ...ALERTS,
    action: 'edit',
    body: alertUpdateRequestSchema,
    response: alertSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'body', field: 'alert._id' } },
  }),
  deleteAlert: route('DELETE', '/api/v1/alerts/{id}', 'alerts', {
    ...ALERTS,
    action: 'delete',
    params: byId,
    response: alertDeletionResponseSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
  // The alert log and historical (acquitted entries).
  alertLogSummary: route('GET', '/api/v1/alerts/log-summary', 'alerts', {
    ...ALERT_LOG,
    response: z.array(alertLogSummarySchema),
    owned: { kind: 'alert', intent: 'list' },
  }),
  alertHistoricalSummary: route('GET', '/api/v1/alerts/historical-summary', 'alerts', {
    ...ALERT_HISTORICAL,
    response: z.array(alertLogSummarySchema),
    owned: { kind: 'alert', intent: 'list' },
  }),
  alertLog: route('GET', '/api/v1/alerts/log/{period}/{alertId}/non_acquitted', 'alerts', {
    ...ALERT_LOG,
    params: alertLogParamsSchema,
    response: alertLogResponseSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'alertId' } },
  }),
  alertHistoricalLog: route('GET', '/api/v1/alerts/log/{period}/{alertId}/acquitted', 'alerts', {
    ...ALERT_HISTORICAL,
    params: alertLogParamsSchema,
    response: alertLogResponseSchema,
    owned: { kind: 'alert', intent: 'read', id: { in: 'params', field: 'alertId' } },
  }),
  /** Log entries by id: each entry's alert is checked by the ownership policy in the service (ids name their alert). */
  alertLogById: route('PUT', '/api/v1/alerts/log/byId', 'alerts', { ...ALERT_LOG, body: alertLogByIdRequestSchema, response: alertLogByIdResponseSchema }),
  acquitAlertLog: route('PUT', '/api/v1/alerts/acquit-log', 'alerts', { ...ALERT_LOG, action: 'edit', body: alertAcquitRequestSchema, response: alertAcquitResponseSchema }),
  acquitAllAlertLog: route('PUT', '/api/v1/alerts/acquit-all-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertAcquitRequestSchema,
    response: alertAcquitAllResponseSchema,
    owned: { kind: 'alert', intent: 'contribute', id: { in: 'body', field: 'alert.id' } },
  }),
  addAlertLogMessage: route('PUT', '/api/v1/alerts/add-message-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertMessageRequestSchema,
    response: alertMessageResponseSchema,
  }),
  addAlertLogMessageToAll: route('PUT', '/api/v1/alerts/add-message-all-log', 'alerts', {
    ...ALERT_LOG,
    action: 'edit',
    body: alertMessageRequestSchema,
    response: alertMessageResponseSchema,
    owned: { kind: 'alert', intent: 'contribute', id: { in: 'body', field: 'alert.id' } },
  }),
  eraseAlertFromLog: route('GET', '/api/v1/alerts/erase-from-log/{alertId}', 'alerts', {
    ...ALERT_LOG,
    action: 'delete',
    params: z.object({ alertId: idSchema }),
    response: alertEraseResponseSchema,
    owned: { kind: 'alert', intent: 'modify', id: { in: 'params', field: 'alertId' } },
  }),
} satisfies GroupRoutes<'alerts'>;
