import * as z from 'zod';
import { idSchema } from './common';

/**
 * A notification of one user (spec 2 §3 "Notification"): made by a reminder when it fires, unread
 * until marked done (or its reminder is reset).
 */
export const notificationSchema = z.object({
  _id: idSchema,
  reminder: idSchema.nullable(),
  customer: idSchema,
  /** The customer's name, for the customer link super users and root see. */
  customer_name: z.string().optional(),
  user: idSchema,
  title: z.string(),
  message: z.string(),
  unread: z.boolean(),
  created_at: z.string().datetime(),
  /** The reminder's occurrence that made it (local date-time in the customer's zone). */
  due: z.string().nullable().optional(),
  done_at: z.string().nullable().optional(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;

/** `GET /api/v1/notifications/{skip}/{limit}`: a page of the list, new (unread) first, then old. */
export const notificationPageSchema = z.object({ new: z.array(notificationSchema), old: z.array(notificationSchema) });
export const notificationPageParamsSchema = z.object({
  skip: z.string().regex(/^\d{1,6}$/).transform(Number),
  limit: z.string().regex(/^\d{1,3}$/).transform(Number).pipe(z.number().int().min(1).max(100)),
});
export const notificationDoneSchema = z.object({ _id: idSchema });
