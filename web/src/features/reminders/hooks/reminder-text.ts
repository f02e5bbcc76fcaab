import type { Reminder } from '@shared/schemas/reminder';

/** The state a list shows: waiting for validation, inactive, over (nothing more due) or active. */
export const reminderState = (reminder: Reminder): 'awaitingReset' | 'inactive' | 'over' | 'active' => {
  if (reminder.awaiting_reset) return 'awaitingReset';
  if (!reminder.active) return 'inactive';
  return reminder.next_due ? 'active' : 'over';
};

export const STATE_COLORS = { awaitingReset: 'orange', inactive: 'gray', over: 'gray', active: 'green' } as const;
