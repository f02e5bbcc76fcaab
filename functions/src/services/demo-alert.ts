import { lastCompleteBucket } from '@shared/alerts/bucket';
import { CRON_PRESETS, latestOccurrence, toSchedulerExpression } from '@shared/alerts/cron';
import { alertLogItemId, defaultTimeFilter, type Alert, type AlertLogItem } from '@shared/schemas/alert';
import { localIso } from '@shared/series/buckets';

export const DEMO_ALERT_ID = 'alr-demo-daily-electricity';
const THRESHOLD_KWH = 400;

/**
 * The premium customer's alert, so the alerts screen shows what it is for on first start: building
 * A's electricity of the day before above 400 kWh, checked every morning at 08:00 and notified
 * once until acquitted, so a demo left running sends no more than one e-mail.
 */
export const demoAlert = (customerId: string, timezone: string, now: string): Alert => ({
  _id: DEMO_ALERT_ID,
  customer: customerId,
  user: 'usr-premium-admin',
  sharing: { shared: true },
  name: 'Consommation électrique de la veille, bâtiment A',
  active: true,
  notifications: 'email',
  frequency: 'once',
  email: { to: ['energie@energie-plus.example'], cc: [], bcc: [] },
  sms: [],
  cron_time: CRON_PRESETS[3],
  schedule_expression: toSchedulerExpression(CRON_PRESETS[3]),
  start_date: null,
  end_date: null,
  sampling: 'day',
  points: [{ point: 'pt-elec-index' }],
  conditions: [[{ from_calculation: 'diff', from_comparison: 'current_points', operation: 'gt', to_comparison: 'value', to_value: THRESHOLD_KWH }]],
  time_filter: defaultTimeFilter(),
  timezone,
  language: 'fr',
  created_at: now,
  updated_at: now,
});

/**
 * Its entry of this morning's check, as an evaluation writes it: seeded with the alert, it is also
 * what keeps the schedule's first run (a minute after deployment) from writing and sending again.
 */
export const demoAlertLogItem = (alert: Alert, now: number): { tick: number; item: AlertLogItem } => {
  const tick = latestOccurrence(alert.cron_time, alert.timezone, now);
  const bucket = lastCompleteBucket(tick, alert.sampling, alert.timezone);
  const item: AlertLogItem = {
    _id: alertLogItemId(alert._id, tick),
    alert: alert._id,
    alert_name: alert.name,
    event: 'fired',
    at: new Date(tick).toISOString(),
    local_time: localIso(tick, alert.timezone),
    timezone: alert.timezone,
    bucket_from: localIso(bucket.from, alert.timezone),
    bucket_to: localIso(bucket.to, alert.timezone),
    sampling: alert.sampling,
    group: 1,
    points: [
      {
        point: 'pt-elec-index',
        name: 'Index électricité TGBT',
        unit: 'kWh',
        group: 1,
        conditions: [{ calculation: 'diff', operation: 'gt', threshold: THRESHOLD_KWH, value: 436.2, held: true }],
      },
    ],
    missing_points: [],
    count: 1,
    notified: true,
    acquitted: false,
    acquitted_by: null,
    acquitted_by_name: null,
    acquitted_at: null,
    acquit_comment: null,
    comments: [],
  };
  return { tick, item };
};
