import { Amplify } from 'aws-amplify';
import { ApiError, del, get, post, put } from 'aws-amplify/api';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import type { ErrorCode } from '@shared/errors';
import { isErrorCode } from '@shared/errors';
import { effectiveRequestView } from '@shared/permissions/request-view';
import type { Envelope } from '@shared/schemas/common';
import { config } from '../config';
import { currentLanguage } from './i18n';
import { getSession, identityOf, sessionToken } from './session';
import { readStored, STORAGE_KEYS } from './storage';

const API_NAME = 'wattwise';

/** `network_error` is the one failure the server cannot name: nothing came back. */
export type RequestErrorCode = ErrorCode | 'network_error';

/** A failed call, carrying the stable code the server answered (translated as `errors.<code>`). */
export class ApiRequestError extends Error {
  constructor(
    readonly code: RequestErrorCode,
    readonly status: number | null,
    readonly data?: unknown,
    options?: { cause?: unknown },
  ) {
    super(code, options);
    this.name = 'ApiRequestError';
  }
}

export const errorCodeOf = (error: unknown): RequestErrorCode =>
  error instanceof ApiRequestError ? error.code : 'internal_error';

const isMobile = () => window.matchMedia(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`).matches;

/** The spec's headers on every call (spec 1 §7). */
const commonHeaders = (): Record<string, string> => {
  const session = getSession();
  const token = sessionToken();
  const identity = session.status === 'logged-in' ? identityOf(session.payload) : { role: 'member' as const, isRoot: false };
  return {
    ...(token ? { Authorization: `Bearer ${token}` } : {}),
    Language: currentLanguage(),
    RequestView: effectiveRequestView(readStored(STORAGE_KEYS.requestView) as string | null, identity),
    Mobile: String(isMobile()),
  };
};

/** Amplify's REST client is the one HTTP client; the API is same-origin under `apiBase`. */
export const configureHttp = (): void => {
  Amplify.configure(
    { API: { REST: { [API_NAME]: { endpoint: window.location.origin } } } },
    {
      API: {
        REST: {
          headers: async () => commonHeaders(),
          // Answers are final: a retried sign-in would count twice against the throttle.
          retryStrategy: { strategy: 'no-retry' },
          defaultAuthMode: 'none',
        },
      },
    },
  );
};

const parseEnvelope = (text: string | undefined): Envelope<unknown> | null => {
  if (!text) return null;
  try {
    const value = JSON.parse(text) as unknown;
    return typeof value === 'object' && value !== null && 'res' in value ? (value as Envelope<unknown>) : null;
  } catch {
    return null;
  }
};

/** Answers that do not come from our functions (the gateway's authorizer, a missing route) carry no code. */
const codeOfStatus = (status: number): ErrorCode => {
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404) return 'not_found';
  if (status === 429) return 'too_many_attempts';
  return 'internal_error';
};

const failureOf = (error: unknown): ApiRequestError => {
  if (error instanceof ApiRequestError) return error;
  if (error instanceof ApiError && error.response) {
    const { body, statusCode } = error.response;
    const envelope = parseEnvelope(body);
    const code = isErrorCode(envelope?.msg) ? envelope.msg : codeOfStatus(statusCode);
    return new ApiRequestError(code, statusCode, envelope?.data, { cause: error });
  }
  // No response at all: offline, refused, or the time limit of the call ran out.
  return new ApiRequestError('network_error', null, undefined, { cause: error });
};

interface RequestOptions {
  body?: unknown;
  timeoutMs?: number;
}

type Operation = typeof get;

/** The data of an answer with the success message code beside it (`location_saved`, `calculation_launched`…). */
export interface Answer<T> {
  data: T;
  msg: string | null;
}

const callForAnswer = async <T>(operation: Operation, path: string, options: RequestOptions = {}): Promise<Answer<T>> => {
  try {
    const { body } = await operation({
      apiName: API_NAME,
      path: `${config().apiBase}${path}`,
      options: {
        ...(options.body === undefined ? {} : { body: options.body as never }),
        ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      },
    }).response;
    const envelope = parseEnvelope(await body.text());
    if (!envelope) throw new ApiRequestError('internal_error', null);
    if (!envelope.res) {
      throw new ApiRequestError(isErrorCode(envelope.msg) ? envelope.msg : 'internal_error', null, envelope.data);
    }
    return { data: envelope.data as T, msg: typeof envelope.msg === 'string' ? envelope.msg : null };
  } catch (error) {
    const failure = failureOf(error);
    // Low-level HTTP errors go to the console only (spec 1 §8); the screens show translated codes.
    console.error(`API ${path} failed: ${failure.code}`, failure.cause ?? '');
    throw failure;
  }
};

const call = async <T>(operation: Operation, path: string, options: RequestOptions = {}): Promise<T> =>
  (await callForAnswer<T>(operation, path, options)).data;

/** Paths are relative to the API base: `/v1/users/authenticate`. */
export const apiGet = <T>(path: string, options?: RequestOptions) => call<T>(get, path, options);
export const apiPost = <T>(path: string, body: unknown, options?: RequestOptions) =>
  call<T>(post as Operation, path, { ...options, body });
export const apiPut = <T>(path: string, body: unknown, options?: RequestOptions) =>
  call<T>(put as Operation, path, { ...options, body });
export const apiDelete = <T>(path: string, options?: RequestOptions) => call<T>(del as unknown as Operation, path, options);

/** Like `apiPost` / `apiPut`, keeping the answer's message code. */
export const apiPostForAnswer = <T>(path: string, body: unknown, options?: RequestOptions) =>
  callForAnswer<T>(post as Operation, path, { ...options, body });
export const apiPutForAnswer = <T>(path: string, body: unknown, options?: RequestOptions) =>
  callForAnswer<T>(put as Operation, path, { ...options, body });
