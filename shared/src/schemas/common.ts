import * as z from 'zod';

export const idSchema = z.string().min(1).max(64).regex(/^[\w-]+$/);

/** Every answer of the API: `{ res, data?, msg? }`. */
export const envelopeSchema = <T extends z.ZodTypeAny>(data: T) =>
  z.object({ res: z.boolean(), data: data.optional(), msg: z.string().optional() });

export interface Envelope<T> {
  res: boolean;
  data?: T;
  msg?: string;
}
