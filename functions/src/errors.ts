import type { ErrorCode } from '@shared/errors';
import { ERROR_STATUS } from '@shared/errors';

/** A failure the caller can act on: its code travels to the client, the web translates it. */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly data?: unknown;
  readonly details?: unknown;

  constructor(code: ErrorCode, options: { cause?: unknown; data?: unknown; details?: unknown } = {}) {
    super(code, { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.status = ERROR_STATUS[code];
    this.data = options.data;
    this.details = options.details;
  }
}

export const notFound = (): AppError => new AppError('not_found');
export const forbidden = (): AppError => new AppError('forbidden');
