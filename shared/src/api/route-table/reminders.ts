import * as z from 'zod';
import { reminderDeletionResponseSchema, reminderInputSchema, reminderResetSchema, reminderSchema } from '../../schemas/reminder';
import { idSchema } from '../../schemas/common';
import { route, byId, type GroupRoutes } from '../define-route';

const REMINDERS = { permission: 'app.reminders' } as const;

/** The routes the `reminders` function serves. */
export const remindersRoutes = {
  // Reminders (spec 2 §7): premium, owned objects.
  listReminders: route('GET', '/api/v1/reminders', 'reminders', { ...REMINDERS, response: z.array(reminderSchema), owned: { kind: 'reminder', intent: 'list' } }),
  getReminder: route('GET', '/api/v1/reminders/{id}', 'reminders', {
    ...REMINDERS,
    params: byId,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createReminder: route('POST', '/api/v1/reminders', 'reminders', {
    ...REMINDERS,
    action: 'create',
    body: reminderInputSchema,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'create' },
  }),
  updateReminder: route('PUT', '/api/v1/reminders', 'reminders', {
    ...REMINDERS,
    action: 'edit',
    body: reminderInputSchema.extend({ _id: idSchema }),
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  /** Lets a fired reminder that waits for validation fire again (spec 2 §4). */
  resetReminder: route('PUT', '/api/v1/reminders/reset', 'reminders', {
    ...REMINDERS,
    action: 'edit',
    body: reminderResetSchema,
    response: reminderSchema,
    owned: { kind: 'reminder', intent: 'read', id: { in: 'body', field: '_id' } },
  }),
  deleteReminder: route('DELETE', '/api/v1/reminders/{id}', 'reminders', {
    ...REMINDERS,
    action: 'delete',
    params: byId,
    response: reminderDeletionResponseSchema,
    owned: { kind: 'reminder', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
} satisfies GroupRoutes<'reminders'>;
