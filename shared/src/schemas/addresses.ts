import * as z from 'zod';

/** Addresses typed separated by semicolons (spec 2 §5), or already a list. */
export const splitAddresses = (value: string | readonly string[] | null | undefined): string[] =>
  (typeof value === 'string' ? value.split(';') : [...(value ?? [])]).map((address) => address.trim()).filter(Boolean);

/** A list of e-mail addresses, given as a list or as one semicolon-separated text. */
export const addressListSchema = z.preprocess(
  (value) => (typeof value === 'string' || Array.isArray(value) ? splitAddresses(value as string | string[]) : value),
  z.array(z.string().email().max(254)).max(50),
);
