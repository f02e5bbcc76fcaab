import { CRON_PRESETS, DEFAULT_CRON_PRESET } from '@shared/alerts/cron';
import type { Subscription } from '@shared/schemas/subscription';

export const DEMO_SUBSCRIPTION_ID = 'sub-demo-monthly';
/** The premium customer's demo report (seeded with the report models). */
export const DEMO_REPORT_ID = 'rep-demo-monthly';

/** The premium customer's subscription: its demo report e-mailed as a PDF on the 1st of each month at 08:00. */
export const demoSubscription = (customerId: string, timezone: string, now: string): Subscription => ({
  _id: DEMO_SUBSCRIPTION_ID,
  customer: customerId,
  user: 'usr-premium-admin',
  sharing: { shared: true },
  name: 'Rapport mensuel par e-mail',
  type: 'report',
  report: DEMO_REPORT_ID,
  cron_time: CRON_PRESETS[DEFAULT_CRON_PRESET],
  active: true,
  email: { to: ['energie@energie-plus.example'], cc: [], bcc: [] },
  timezone,
  created_at: now,
  updated_at: now,
});
