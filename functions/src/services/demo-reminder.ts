import { localNow, nextOccurrence } from '@shared/reminders/reminder-dates';
import type { Reminder } from '@shared/schemas/reminder';

export const DEMO_REMINDER_ID = 'rem-demo-water-reading';

/** The first day of the month after `today` (`2026-11-25` → `2026-12-01`). */
const firstOfNextMonth = (today: string): string => {
  const [year, month] = today.split('-').map(Number);
  return month === 12 ? `${year + 1}-01-01` : `${year}-${String(month + 1).padStart(2, '0')}-01`;
};

/**
 * The premium customer's reminder, so the reminders screen shows what it is for on first start:
 * read the water meter on the 1st of every month at 08:00, again only once someone has reset it.
 */
export const demoReminder = (customerId: string, zone: string, now: Date): Reminder => {
  const rhythm = { type: 'recurrent', period_type: 'month', period_value: 1 } as const;
  const reminderDate = firstOfNextMonth(localNow(zone, now).slice(0, 10));
  return {
    _id: DEMO_REMINDER_ID,
    customer: customerId,
    user: 'usr-premium-admin',
    sharing: { shared: true },
    name: 'Relever le compteur d\'eau du bâtiment B',
    message: 'Relever l\'index du compteur d\'eau froide (EAU-LYON-B-001) et le saisir dans WattWise.',
    reminder_date: reminderDate,
    start: '08:00',
    ...rhythm,
    active: true,
    reset_only_after_validation: true,
    email: { to: ['energie@energie-plus.example'], cc: [], bcc: [] },
    language: 'fr',
    next_due: nextOccurrence(rhythm, reminderDate, '08:00', localNow(zone, now)),
    awaiting_reset: false,
    last_fired_at: null,
    created_at: now.toISOString(),
    updated_at: now.toISOString(),
  };
};
