import * as z from 'zod';
import { ownedFieldsSchema } from '../permissions/ownership';
import { SAMPLINGS } from '../series/sampling';
import { CRON_PRESETS, DEFAULT_CRON_PRESET, isValidCron } from '../alerts/cron';
import { LANGUAGES } from '../constants';
import { idSchema } from './common';

/**
 * Alerts (spec 2 §3 "Alert", §5, §9): rules over points, evaluated on a schedule, that notify by
 * e-mail or SMS and write the alert log.
 */

export const ALERT_NOTIFICATIONS = ['email', 'sms'] as const;
export type AlertNotification = (typeof ALERT_NOTIFICATIONS)[number];

/**
 * How often a firing alert notifies: `each` every time it fires (the default, and the only one
 * for SMS); `once` the first time, then not again while its log holds an entry not acquitted
 * (every firing is logged all the same).
 */
export const ALERT_FREQUENCIES = ['each', 'once'] as const;
export type AlertFrequency = (typeof ALERT_FREQUENCIES)[number];

/** Condition operators: e '=', d '!=', gt, gte, lt, lte (spec 2 §3, §9). */
export const ALERT_OPERATIONS = ['e', 'd', 'gt', 'gte', 'lt', 'lte'] as const;
export type AlertOperation = (typeof ALERT_OPERATIONS)[number];

/** Calculations a condition computes over the alert's sampling; avg by default. */
export const ALERT_CALCULATIONS = ['diff', 'sum', 'max', 'min', 'avg', 'count', 'evo'] as const;
export type AlertCalculation = (typeof ALERT_CALCULATIONS)[number];

/** What the left side of a condition compares: each of the alert's points on its own. */
export const ALERT_FROM_COMPARISONS = ['current_points'] as const;
/** What the right side is: a constant value (`to_value`). */
export const ALERT_TO_COMPARISONS = ['value'] as const;

export const DAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
export type DayName = (typeof DAYS)[number];
export const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'] as const;
export type MonthName = (typeof MONTHS)[number];

export const ALERT_DEFAULT_SAMPLING = 'hour' as const;

const clockTimeSchema = z.object({
  hour: z.number().int().min(0).max(23),
  minute: z.number().int().min(0).max(59),
});
export type ClockTime = z.infer<typeof clockTimeSchema>;

/** A period of a day, both ends included (00:00–23:59 is the whole day). */
export const dayPeriodSchema = z
  .object({ from: clockTimeSchema, to: clockTimeSchema })
  .refine((period) => period.from.hour * 60 + period.from.minute <= period.to.hour * 60 + period.to.minute, { message: 'period_ends_before_start' });
export type DayPeriod = z.infer<typeof dayPeriodSchema>;

export const WHOLE_DAY: DayPeriod = { from: { hour: 0, minute: 0 }, to: { hour: 23, minute: 59 } };

const dayFilterSchema = (order: number) =>
  z.object({
    order: z.literal(order).default(order),
    active: z.boolean().default(true),
    periods: z.array(dayPeriodSchema).max(96).default([WHOLE_DAY]),
  });

const monthFilterSchema = (order: number) => z.object({ order: z.literal(order).default(order), active: z.boolean().default(true) });

const daysSchema = z.object(Object.fromEntries(DAYS.map((day, order) => [day, dayFilterSchema(order).default({ order, active: true, periods: [WHOLE_DAY] })])) as {
  [Day in DayName]: z.ZodDefault<ReturnType<typeof dayFilterSchema>>;
});
const monthsSchema = z.object(Object.fromEntries(MONTHS.map((month, order) => [month, monthFilterSchema(order).default({ order, active: true })])) as {
  [Month in MonthName]: z.ZodDefault<ReturnType<typeof monthFilterSchema>>;
});

/** Days, months and periods per day when an alert may fire, read in the local time of its points' location. */
export const timeFilterSchema = z.object({
  days: daysSchema.default(() => daysSchema.parse({})),
  months: monthsSchema.default(() => monthsSchema.parse({})),
});
export type TimeFilter = z.infer<typeof timeFilterSchema>;

export const defaultTimeFilter = (): TimeFilter => timeFilterSchema.parse({});

export const alertConditionSchema = z.object({
  from_calculation: z.enum(ALERT_CALCULATIONS).default('avg'),
  from_comparison: z.enum(ALERT_FROM_COMPARISONS).default('current_points'),
  operation: z.enum(ALERT_OPERATIONS).default('gt'),
  to_comparison: z.enum(ALERT_TO_COMPARISONS).default('value'),
  to_value: z.number().finite().default(0),
});
export type AlertCondition = z.infer<typeof alertConditionSchema>;

export const defaultAlertCondition = (): AlertCondition => alertConditionSchema.parse({});

/** An international phone number (E.164), spaces and dots allowed while typing and removed. */
const phoneSchema = z
  .string()
  .transform((text) => text.replace(/[\s.()-]/g, ''))
  .pipe(z.string().regex(/^\+[1-9]\d{6,14}$/, 'phone_invalid'));

const addressesSchema = z.array(z.email().max(254)).max(50).default([]);

export const alertEmailSchema = z.object({ to: addressesSchema, cc: addressesSchema, bcc: addressesSchema });

/** The fields of spec 2 §3 a client sends; the server owns `_id`, `customer`, dates of creation and the schedule. */
const alertFieldsSchema = z.object({
  name: z.string().trim().min(1).max(120),
  active: z.boolean().default(true),
  notifications: z.enum(ALERT_NOTIFICATIONS).default('email'),
  frequency: z.enum(ALERT_FREQUENCIES).default('each'),
  /** The owner: kept on edit; on create the caller, or the user a super user names. */
  user: idSchema.nullish(),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
  email: alertEmailSchema.default({ to: [], cc: [], bcc: [] }),
  sms: z.array(phoneSchema).max(20).default([]),
  /** A 5-field cron time (minute hour day-of-month month day-of-week), preset 5 by default. */
  cron_time: z.string().trim().max(100).refine(isValidCron, 'cron_invalid').default(CRON_PRESETS[DEFAULT_CRON_PRESET]),
  start_date: z.iso.datetime({ offset: true }).nullish().transform((value) => value ?? null),
  end_date: z.iso.datetime({ offset: true }).nullish().transform((value) => value ?? null),
  sampling: z.enum(SAMPLINGS).default(ALERT_DEFAULT_SAMPLING),
  /** The points the conditions apply to; `point_object` (the point as the form shows it) is not stored. */
  points: z
    .array(z.object({ point: idSchema, point_object: z.unknown().optional() }).transform(({ point }) => ({ point })))
    .min(1, 'points_required')
    .max(100),
  /** OR groups of AND conditions. */
  conditions: z.array(z.array(alertConditionSchema).min(1).max(20)).min(1, 'conditions_required').max(20),
  time_filter: timeFilterSchema.default(defaultTimeFilter),
});

/** Rules across fields: SMS forces 'each'; SMS needs a number; the end comes after the start. */
const withAlertRules = <T extends z.ZodType<z.output<typeof alertFieldsSchema>>>(schema: T) =>
  schema
    .refine((alert) => alert.notifications !== 'sms' || alert.sms.length > 0, { message: 'sms_numbers_required', path: ['sms'] })
    .refine((alert) => !alert.start_date || !alert.end_date || Date.parse(alert.end_date) > Date.parse(alert.start_date), {
      message: 'end_before_start',
      path: ['end_date'],
    })
    .transform((alert) => (alert.notifications === 'sms' ? { ...alert, frequency: 'each' as const } : alert));

export const alertInputSchema = withAlertRules(alertFieldsSchema.extend({ _id: idSchema.optional() }));
export type AlertInput = z.input<typeof alertInputSchema>;
export type ParsedAlertInput = z.output<typeof alertInputSchema>;

/** `POST /api/v1/alerts` body: `{ alert }` (spec 2 §7). */
export const alertCreateRequestSchema = z.object({ alert: alertInputSchema });
/** `PUT /api/v1/alerts` body: `{ alert }` with its `_id`. */
export const alertUpdateRequestSchema = z.object({ alert: withAlertRules(alertFieldsSchema.extend({ _id: idSchema })) });

/** An alert as the API answers it. */
export const alertSchema = alertFieldsSchema
  .extend({
    _id: idSchema,
    customer: idSchema,
    created_at: z.string(),
    updated_at: z.string(),
    /** The EventBridge Scheduler expression its schedule runs on, and the zone it is read in. */
    schedule_expression: z.string(),
    timezone: z.string(),
    /** The language of its e-mails and SMS: the owner's, as their last save of it said. */
    language: z.enum(LANGUAGES),
  })
  .merge(ownedFieldsSchema);
export type Alert = z.infer<typeof alertSchema>;

export const alertDeletionResponseSchema = z.object({ deleted: idSchema });

// ——— The alert log ———

/** Log periods: the last day, week, month (default) or year, or everything. */
export const ALERT_LOG_PERIODS = ['day', 'week', 'month', 'year', 'all'] as const;
export type AlertLogPeriod = (typeof ALERT_LOG_PERIODS)[number];
export const DEFAULT_ALERT_LOG_PERIOD: AlertLogPeriod = 'month';

/** One condition as evaluated for one point: its value over the bucket (null: no data) against the threshold. */
export const evaluatedConditionSchema = z.object({
  calculation: z.enum(ALERT_CALCULATIONS),
  operation: z.enum(ALERT_OPERATIONS),
  threshold: z.number(),
  value: z.number().nullable(),
  /** null when the value is missing: the condition is neither true nor false. */
  held: z.boolean().nullable(),
});
export type EvaluatedCondition = z.infer<typeof evaluatedConditionSchema>;

export const alertLogCommentSchema = z.object({
  text: z.string(),
  /** The user who wrote it, and their name when known. */
  by: idSchema,
  by_name: z.string().nullable(),
  at: z.string(),
});

/**
 * One entry of the log: a firing (`event` `fired`: the first OR group that held, per point that fired)
 * or a check that could not be made (`missing_data`: points without data in the bucket).
 */
export const alertLogItemSchema = z.object({
  _id: idSchema,
  alert: idSchema,
  alert_name: z.string(),
  event: z.enum(['fired', 'missing_data']),
  /** The due time of the evaluation (UTC) and the same instant in the alert's local time. */
  at: z.string(),
  local_time: z.string(),
  timezone: z.string(),
  /** The bucket evaluated: its local start and end (end excluded). */
  bucket_from: z.string(),
  bucket_to: z.string(),
  sampling: z.enum(SAMPLINGS),
  /** 1-based number of the OR group that fired (the first that held), null for missing data. */
  group: z.number().int().nullable(),
  points: z.array(
    z.object({
      point: idSchema,
      name: z.string(),
      unit: z.string(),
      /** The OR group that held for this point (1-based), null when none did. */
      group: z.number().int().nullable(),
      conditions: z.array(evaluatedConditionSchema),
    }),
  ),
  missing_points: z.array(idSchema),
  count: z.number().int(),
  notified: z.boolean(),
  acquitted: z.boolean(),
  acquitted_by: idSchema.nullable(),
  acquitted_by_name: z.string().nullable(),
  acquitted_at: z.string().nullable(),
  acquit_comment: z.string().nullable(),
  comments: z.array(alertLogCommentSchema),
});
export type AlertLogItem = z.infer<typeof alertLogItemSchema>;

/** Counts of an alert's log (spec 2 §3 "Alert log entry": `summary [{total_count, total_acquitted}]`). */
export const alertLogCountsSchema = z.object({ total_count: z.number().int(), total_acquitted: z.number().int() });

/** A row of the log and historical summaries: the alert, its owner fields (for the request view) and its counts. */
export const alertLogSummarySchema = z
  .object({
    alert: z.object({ _id: idSchema, name: z.string() }),
    summary: z.array(alertLogCountsSchema),
  })
  .merge(ownedFieldsSchema);
export type AlertLogSummary = z.infer<typeof alertLogSummarySchema>;

export const alertLogParamsSchema = z.object({ period: z.enum(ALERT_LOG_PERIODS), alertId: idSchema });
export const alertLogResponseSchema = z.object({ alert: z.object({ _id: idSchema, name: z.string() }), log: z.array(alertLogItemSchema) });

/** `PUT /api/v1/alerts/log/byId`: log entries by their ids. */
export const alertLogByIdRequestSchema = z.object({ logs: z.array(idSchema).min(1).max(200) });
export const alertLogByIdResponseSchema = z.object({ log: z.array(alertLogItemSchema) });

const commentTextSchema = z.string().trim().max(2000);

/**
 * `PUT /api/v1/alerts/acquit-log` (`id` is a log entry's) and `PUT /api/v1/alerts/acquit-all-log`
 * (`id` is the alert's). `by` is accepted for the spec's shape; who acquits is the signed-in caller.
 */
export const alertAcquitRequestSchema = z.object({
  alert: z.object({ id: idSchema, by: z.string().nullish(), comments: commentTextSchema.nullish() }),
});
export const alertAcquitResponseSchema = z.object({ item: alertLogItemSchema, summary: alertLogCountsSchema });
export const alertAcquitAllResponseSchema = z.object({ alert_acquitted: z.number().int(), summary: alertLogCountsSchema });

/** `PUT /api/v1/alerts/add-message-log` (`id`: a log entry) and `add-message-all-log` (`id`: the alert, every entry not acquitted). */
export const alertMessageRequestSchema = z.object({
  alert: z.object({ id: idSchema, comment: z.object({ text: commentTextSchema.min(1), by: z.string().nullish() }) }),
});
export const alertMessageResponseSchema = z.object({ updated: z.number().int() });

export const alertEraseResponseSchema = z.object({ erased: z.number().int(), summary: alertLogCountsSchema });

/** The id of a log entry: the alert's id and the due time it was written for (one entry per alert and tick). */
export const alertLogItemId = (alertId: string, tick: number): string => `${alertId}-t${tick}`;

/** The alert and the tick a log entry id names, or null for a malformed one. */
export const parseAlertLogItemId = (id: string): { alertId: string; tick: number } | null => {
  const match = /^(alr-[\w-]+)-t(\d{1,15})$/.exec(id);
  return match ? { alertId: match[1], tick: Number(match[2]) } : null;
};
