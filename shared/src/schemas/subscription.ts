import * as z from 'zod';
import { CRON_PRESETS, DEFAULT_CRON_PRESET, isValidCron } from '../alerts/cron';
import { ownedFieldsSchema } from '../permissions/ownership';
import { addressListSchema } from './addresses';
import { idSchema } from './common';

/**
 * A report subscription (spec 2 §3): a report e-mailed as a PDF on a schedule — the alerts' cron
 * presets 1 to 6, preset 5 (monthly) by default, in the customer's time zone.
 */
export const subscriptionEmailSchema = z.object({
  to: addressListSchema.default([]),
  cc: addressListSchema.default([]),
  bcc: addressListSchema.default([]),
});

/** What a client sends; the server owns `_id`, `customer` and the dates. Name, report and a 'to' address are checked by `missingSubscriptionFields`. */
export const subscriptionInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().max(200).default(''),
  type: z.literal('report').default('report'),
  report: idSchema.nullish().transform((value) => value ?? null),
  cron_time: z.string().trim().max(100).refine(isValidCron, 'cron_invalid').default(CRON_PRESETS[DEFAULT_CRON_PRESET]),
  active: z.boolean().default(true),
  email: subscriptionEmailSchema.default({ to: [], cc: [], bcc: [] }),
  user: idSchema.nullish(),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
});
export type SubscriptionInput = z.input<typeof subscriptionInputSchema>;
export type ParsedSubscriptionInput = z.output<typeof subscriptionInputSchema>;

export const SUBSCRIPTION_REQUIRED_FIELDS = ['name', 'report', 'to'] as const;
export type SubscriptionRequiredField = (typeof SUBSCRIPTION_REQUIRED_FIELDS)[number];

/** The fields 'Fields name, report and to (email) are required' is about, those still missing. */
export const missingSubscriptionFields = (input: Pick<ParsedSubscriptionInput, 'name' | 'report' | 'email'>): SubscriptionRequiredField[] =>
  SUBSCRIPTION_REQUIRED_FIELDS.filter((field) => (field === 'name' ? !input.name.trim() : field === 'report' ? !input.report : input.email.to.length === 0));

export const subscriptionSchema = z
  .object({
    _id: idSchema,
    customer: idSchema,
    name: z.string(),
    type: z.literal('report'),
    report: idSchema,
    cron_time: z.string(),
    active: z.boolean(),
    email: z.object({ to: z.array(z.string()), cc: z.array(z.string()), bcc: z.array(z.string()) }),
    /** The zone its cron time is read in: the customer's when it was saved. */
    timezone: z.string(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .merge(ownedFieldsSchema);
export type Subscription = z.infer<typeof subscriptionSchema>;
