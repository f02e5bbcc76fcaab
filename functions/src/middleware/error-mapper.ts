import type { Envelope } from '@shared/schemas/common';
import { AppError } from '../errors';

/** The one place where failures become HTTP answers; unknown errors never leak details. */
export const mapError = (error: unknown): { status: number; body: Envelope<unknown> } => {
  if (error instanceof AppError) {
    return { status: error.status, body: { res: false, msg: error.code, ...(error.data === undefined ? {} : { data: error.data }) } };
  }
  return { status: 500, body: { res: false, msg: 'internal_error' } };
};
