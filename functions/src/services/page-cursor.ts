import { createHash } from 'node:crypto';
import * as z from 'zod';
import { AppError } from '../errors';

/**
 * The cursor of a paged list: the position after which the next page starts (the order key of
 * the last item answered), with a check so that an altered cursor is refused (400) rather than
 * read as another position. It holds no customer: whose items are read is the caller's alone.
 */
const VERSION = 1;

const payloadSchema = z.object({ v: z.literal(VERSION), after: z.string().min(1).max(512), check: z.string() });

const checkOf = (after: string): string => createHash('sha256').update(`${VERSION}:${after}`).digest('base64url').slice(0, 12);

export const encodeCursor = (after: string): string =>
  Buffer.from(JSON.stringify({ v: VERSION, after, check: checkOf(after) }), 'utf8').toString('base64url');

const refused = (reason: string) => new AppError('validation_failed', { details: { part: 'query', issues: [{ path: ['cursor'], message: reason }] } });

/** The position a cursor names; a cursor this server did not write answers 400 `validation_failed`. */
export const decodeCursor = (cursor: string): string => {
  let value: unknown;
  try {
    const bytes = Buffer.from(cursor, 'base64url');
    // Base64 is lenient with a text's last bits: only the text this server writes reads back.
    if (bytes.toString('base64url') !== cursor) throw new Error('not canonical');
    value = JSON.parse(bytes.toString('utf8'));
  } catch {
    throw refused('not a cursor');
  }
  const parsed = payloadSchema.safeParse(value);
  if (!parsed.success || parsed.data.check !== checkOf(parsed.data.after)) throw refused('not a cursor');
  return parsed.data.after;
};
