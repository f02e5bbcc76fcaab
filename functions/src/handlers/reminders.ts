import { createHttpHandler } from '../middleware/http-handler';
import { createReminder, deleteReminderOf, getReminderOf, listReminders, resetReminderOf, updateReminderOf } from '../services/reminder-service';

export const handler = createHttpHandler('reminders', {
  listReminders: ({ caller }) => listReminders(caller),
  getReminder: ({ caller, params }) => getReminderOf(caller, params.id),
  createReminder: ({ caller, body, headers }) => createReminder(caller, body, headers.language),
  updateReminder: ({ caller, body, headers }) => updateReminderOf(caller, body, headers.language),
  resetReminder: ({ caller, body }) => resetReminderOf(caller, body._id),
  deleteReminder: ({ caller, params }) => deleteReminderOf(caller, params.id),
});
