import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { ReminderInput } from '@shared/schemas/reminder';
import { callApi } from '../../../lib/http';

export const REMINDER_KEYS = {
  all: ['reminders'] as const,
  one: (id: string) => ['reminders', id] as const,
};

/** The reminders the request view shows (the list reloads after every change). */
export const remindersQueryOptions = () => queryOptions({ queryKey: REMINDER_KEYS.all, queryFn: () => callApi(API.listReminders, {}) });

export const reminderQueryOptions = (id: string) => queryOptions({ queryKey: REMINDER_KEYS.one(id), queryFn: () => callApi(API.getReminder, { params: { id } }) });

export const createReminder = (input: ReminderInput) => callApi(API.createReminder, { body: input });

export const updateReminder = (id: string, input: ReminderInput) => callApi(API.updateReminder, { body: { ...input, _id: id } });

export const deleteReminder = (id: string) => callApi(API.deleteReminder, { params: { id } });

/** The validation of a fired reminder: it may come back at its next occurrence. */
export const resetReminder = (id: string) => callApi(API.resetReminder, { body: { _id: id } });
