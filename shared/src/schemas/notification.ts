import * as z from 'zod';
import { idSchema } from './common';

export const notificationSchema = z.object({
  _id: idSchema,
  reminder: idSchema.nullable(),
  customer: idSchema,
  user: idSchema,
  title: z.string(),
  message: z.string(),
  unread: z.boolean(),
  created_at: z.string().datetime(),
});
export type NotificationItem = z.infer<typeof notificationSchema>;
