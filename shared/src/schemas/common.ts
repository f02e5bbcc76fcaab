import * as z from 'zod';

export const idSchema = z.string().min(1).max(64).regex(/^[\w-]+$/);

/** Every answer of the API: `{ res, data?, msg? }`. */
export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ res: z.boolean(), data: data.optional(), msg: z.string().optional() });

export interface Envelope<T> {
  res: boolean;
  data?: T;
  msg?: string;
  /** On a page of a paged list route (see api/paging): the next page's cursor, null on the last. */
  next_cursor?: string | null;
}
