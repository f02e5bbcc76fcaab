import * as z from 'zod';
import { DEFAULT_TIMEZONE } from '../constants';
import { idSchema } from './common';

export const customerSchema = z.object({
  _id: idSchema,
  name: z.string().min(1).max(120),
  timezone: z.string().default(DEFAULT_TIMEZONE),
  cca2: z.string().length(2).optional(),
  is_premium: z.boolean().default(false),
  active: z.boolean().default(true),
  subscription_start: z.string().datetime().nullable().optional(),
  subscription_end: z.string().datetime().nullable().optional(),
});
export type Customer = z.infer<typeof customerSchema>;

/** What another customer's users may see of a customer (selector, lists). */
export const customerSummarySchema = customerSchema.pick({ _id: true, name: true, timezone: true });
export type CustomerSummary = z.infer<typeof customerSummarySchema>;
