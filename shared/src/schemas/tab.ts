import * as z from 'zod';
import { ownedFieldsSchema } from '../permissions/ownership';
import { idSchema } from './common';

/** What a client sends to create or rename a tab (spec 1 §3.2); the owner is the server's to set. */
export const tabInputSchema = z.object({
  _id: idSchema.optional(),
  name: z.string().trim().min(1).max(80),
  /** The location whose page the tab belongs to; null for the dashboard. */
  parent: idSchema.nullable().default(null),
  sharing: z.object({ shared: z.boolean().default(false) }).default({ shared: false }),
});
export type TabInput = z.infer<typeof tabInputSchema>;

export const tabSchema = tabInputSchema.extend({ _id: idSchema, customer: idSchema, created_at: z.string() }).merge(ownedFieldsSchema);
export type Tab = z.infer<typeof tabSchema>;
