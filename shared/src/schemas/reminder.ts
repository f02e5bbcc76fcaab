import * as z from 'zod';
import { LANGUAGES } from '../constants';
import { ownedFieldsSchema } from '../permissions/ownership';
import { addressListSchema } from './addresses';
import { idSchema } from './common';

export { splitAddresses } from './addresses';

/** Reminder types and periods (spec 2 §3 "Reminder", §9). */
export const REMINDER_TYPES = ['normal', 'recurrent'] as const;
export type ReminderType = (typeof REMINDER_TYPES)[number];
export const REMINDER_PERIODS = ['day', 'week', 'month', 'year'] as const;
export type ReminderPeriod = (typeof REMINDER_PERIODS)[number];

/** A calendar date (`2026-12-01`) and a time of day (`08:00`), both read in the customer's time zone. */
export const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** What a new reminder starts with (spec 2 §3: recurrent, active, monthly with period 1, reset only after validation). */
export const REMINDER_DEFAULTS = {
  type: 'recurrent',
  period_type: 'month',
  period_value: 1,
  active: true,
  reset_only_after_validation: true,
  start: '08:00',
} as const satisfies {
  type: ReminderType;
  period_type: ReminderPeriod;
  period_value: number;
  active: boolean;
  reset_only_after_validation: boolean;
  start: string;
};

export const reminderEmailSchema = z.object({
  to: addressListSchema.default([]),
  cc: addressListSchema.default([]),
  bcc: addressListSchema.default([]),
});
export type ReminderEmail = z.infer<typeof reminderEmailSchema>;

/**
 * `POST` and `PUT /api/v1/reminders` (bodies are the reminder, spec 2 §7). Name and date may
 * arrive empty: the service answers them with the spec's 'Fields name and date are required'.
 * `start` is the time of day the reminder fires on its date.
 */
export const reminderInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().max(200).optional().nullable(),
  message: z.string().trim().max(5000).default(''),
  /** The owner; a super user may name another user, anyone else owns what they create. */
  user: idSchema.optional().nullable(),
  reminder_date: z.union([z.string().regex(DATE_PATTERN), z.literal('')]).optional().nullable(),
  start: z.string().regex(TIME_PATTERN).default(REMINDER_DEFAULTS.start),
  type: z.enum(REMINDER_TYPES).default(REMINDER_DEFAULTS.type),
  period_type: z.enum(REMINDER_PERIODS).default(REMINDER_DEFAULTS.period_type),
  period_value: z.number().int().min(1).max(366).default(REMINDER_DEFAULTS.period_value),
  active: z.boolean().default(REMINDER_DEFAULTS.active),
  reset_only_after_validation: z.boolean().default(REMINDER_DEFAULTS.reset_only_after_validation),
  email: reminderEmailSchema.default({ to: [], cc: [], bcc: [] }),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
});
export type ReminderInput = z.input<typeof reminderInputSchema>;

/** A reminder as stored and answered. */
export const reminderSchema = z
  .object({
    _id: idSchema,
    customer: idSchema,
    name: z.string(),
    message: z.string(),
    reminder_date: z.string().regex(DATE_PATTERN),
    start: z.string().regex(TIME_PATTERN),
    type: z.enum(REMINDER_TYPES),
    period_type: z.enum(REMINDER_PERIODS),
    period_value: z.number().int(),
    active: z.boolean(),
    reset_only_after_validation: z.boolean(),
    email: reminderEmailSchema,
    /** The language of its e-mails: its author's. */
    language: z.enum(LANGUAGES),
    /** The next time it fires (local date-time `2026-12-01T08:00` in the customer's zone), null when none is due. */
    next_due: z.string().nullable(),
    /** Fired and waiting for a reset before it fires again (recurrent, reset only after validation). */
    awaiting_reset: z.boolean(),
    last_fired_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .merge(ownedFieldsSchema);
export type Reminder = z.infer<typeof reminderSchema>;

export const reminderResetSchema = z.object({ _id: idSchema });
export const reminderDeletionResponseSchema = z.object({ deleted: idSchema });
