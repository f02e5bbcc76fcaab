import * as z from 'zod';
import { DEFAULT_TIMEZONE } from '../constants';
import { idSchema } from './common';

const dateTimeSchema = z.iso.datetime({ offset: true });

/**
 * The steps of a customer's deletion, in order, each resumable from its checkpoint: the series of
 * its points, their schedules, its files, the series again (what the rollup stream wrote after the
 * first sweep), its realtime connections, every item of its partition, the customer item last.
 * Pushed to the requester as `jobProgress` (kind `customer_deletion`, done = steps passed), and
 * `customersChanged` at the end.
 */
export const CUSTOMER_DELETION_STEPS = ['series', 'schedules', 'files', 'series_again', 'connections', 'items', 'customer'] as const;
export type CustomerDeletionStep = (typeof CUSTOMER_DELETION_STEPS)[number];

export const customerSchema = z.object({
  _id: idSchema,
  name: z.string().min(1).max(120),
  timezone: z.string().default(DEFAULT_TIMEZONE),
  cca2: z.string().length(2).optional(),
  is_premium: z.boolean().default(false),
  active: z.boolean().default(true),
  subscription_start: dateTimeSchema.nullable().optional(),
  subscription_end: dateTimeSchema.nullable().optional(),
  /**
   * Set when its deletion was asked for: from then on nobody of it signs in and it counts for no
   * licence; root may restore it until `purge_at`, then a job removes it.
   */
  deleting: z.boolean().optional(),
  /** When its deletion was asked for. */
  deletion_requested_at: dateTimeSchema.optional(),
  /** The end of its restore window: from then on the purge job removes its data (restore-window.ts). */
  purge_at: dateTimeSchema.optional(),
  /** Where the deletion job is (its checkpoint): the step, how many runs of the function so far, how many things removed. */
  deletion_phase: z.enum(CUSTOMER_DELETION_STEPS).optional(),
  deletion_runs: z.number().int().nonnegative().optional(),
  deletion_done: z.number().int().nonnegative().optional(),
  /**
   * Its own API rate limit, in place of its licence's (shared/src/customers/api-rate-limits.ts): an
   * operator's setting, written on the customer's item (docs/architecture/api-rate-limits.md).
   */
  api_rate_limit: z.object({ count: z.number().int().positive(), window_seconds: z.number().int().positive() }).optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** What another customer's users may see of a customer (selector, lists). */
export const customerSummarySchema = customerSchema.pick({ _id: true, name: true, timezone: true });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;

/** `POST /api/v1/customers` (a new customer; its id is made by the server) and, with `_id`, `PUT`. */
export const customerInputSchema = z
  .object({
    name: z.string().trim().min(1).max(120),
    timezone: z.string().min(1).max(64).default(DEFAULT_TIMEZONE),
    cca2: z.string().regex(/^[A-Z]{2}$/).optional(),
    is_premium: z.boolean().default(false),
    active: z.boolean().default(true),
    subscription_start: dateTimeSchema.nullable().default(null),
    subscription_end: dateTimeSchema.nullable().default(null),
  })
  .refine((input) => !input.subscription_start || !input.subscription_end || input.subscription_start <= input.subscription_end, {
    message: 'subscription_end is before subscription_start',
    path: ['subscription_end'],
  });
export type CustomerInput = z.input<typeof customerInputSchema>;

export const customerUpdateSchema = z.intersection(z.object({ _id: idSchema }), customerInputSchema);

/** One IANA zone of one country (a zone of several countries comes once per country; a zone of none without). */
export const timezoneEntrySchema = z.object({
  name: z.string(),
  /** Standard offset from UTC, `+01:00`. */
  utc_offset: z.string(),
  cca2: z.string().nullable(),
  country: z.string().nullable(),
});
export type TimezoneEntry = z.infer<typeof timezoneEntrySchema>;

/** `GET /api/v1/customers/information`: the customer the caller works in, as the header and the about screen show it. */
export const customerInformationSchema = customerSchema.pick({
  _id: true,
  name: true,
  timezone: true,
  cca2: true,
  is_premium: true,
  active: true,
  subscription_start: true,
  subscription_end: true,
});

/** `GET /api/v1/customers/analytics`: what an operator wants to know of each customer. */
export const customerAnalyticsSchema = z.array(
  z.object({
    _id: idSchema,
    name: z.string(),
    is_premium: z.boolean(),
    standing: z.enum(['active', 'deactivated', 'not_started', 'ended', 'deleting']),
    users: z.number().int(),
    locations: z.number().int(),
    points: z.number().int(),
    last_login_at: z.string().nullable(),
  }),
);
export type CustomerAnalytics = z.infer<typeof customerAnalyticsSchema>;

/** `DELETE /api/v1/customers/{id}`: deleted, restorable by root until `purge_at` (asked again, the same answer). */
export const customerDeletionResponseSchema = z.object({ deleting: z.literal(true), purge_at: dateTimeSchema });
