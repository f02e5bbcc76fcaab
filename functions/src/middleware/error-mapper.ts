import type { Envelope } from '@shared/schemas/common';
import { AppError } from '../errors';

/** A refusal that says when to try again (`data.retry_after`, seconds) says it in the Retry-After header too. */
const retryAfterHeader = (error: AppError): Record<string, string> => {
  const seconds = (error.data as { retry_after?: unknown } | undefined)?.retry_after;
  return error.status === 429 && typeof seconds === 'number' ? { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) } : {};
};

/** The one place where failures become HTTP answers; unknown errors never leak details. */
export const mapError = (error: unknown): { status: number; body: Envelope<unknown>; headers: Record<string, string> } => {
  if (error instanceof AppError) {
    return {
      status: error.status,
      body: { res: false, msg: error.code, ...(error.data === undefined ? {} : { data: error.data }) },
      headers: retryAfterHeader(error),
    };
  }
  return { status: 500, body: { res: false, msg: 'internal_error' }, headers: {} };
};
