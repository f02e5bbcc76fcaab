import { createHttpHandler } from '../middleware/http-handler';
import {
  acquitAll,
  acquitOne,
  addMessage,
  addMessageToAll,
  eraseFromLog,
  historicalSummary,
  logItemsById,
  logOfAlert,
  logSummary,
} from '../services/alert-log-service';
import { createAlert, deleteAlertOf, getAlertOf, listAlerts, updateAlertOf } from '../services/alert-service';

export const handler = createHttpHandler('alerts', {
  listAlerts: ({ caller }) => listAlerts(caller),
  getAlert: ({ caller, params }) => getAlertOf(caller, params.id),
  createAlert: ({ caller, body, headers }) => createAlert(caller, body.alert, headers.language),
  updateAlert: ({ caller, body, headers }) => updateAlertOf(caller, body.alert, headers.language),
  deleteAlert: ({ caller, params }) => deleteAlertOf(caller, params.id),
  alertLogSummary: ({ caller }) => logSummary(caller),
  alertHistoricalSummary: ({ caller }) => historicalSummary(caller),
  alertLog: ({ caller, params }) => logOfAlert(caller, params.period, params.alertId, false),
  alertHistoricalLog: ({ caller, params }) => logOfAlert(caller, params.period, params.alertId, true),
  alertLogById: ({ caller, body }) => logItemsById(caller, body.logs),
  acquitAlertLog: ({ caller, body }) => acquitOne(caller, body.alert.id, body.alert.comments),
  acquitAllAlertLog: ({ caller, body }) => acquitAll(caller, body.alert.id, body.alert.comments),
  addAlertLogMessage: ({ caller, body }) => addMessage(caller, body.alert.id, body.alert.comment.text),
  addAlertLogMessageToAll: ({ caller, body }) => addMessageToAll(caller, body.alert.id, body.alert.comment.text),
  eraseAlertFromLog: ({ caller, params }) => eraseFromLog(caller, params.alertId),
});
