import type { ErrorCode } from '@shared/errors';
import { isErrorCode } from '@shared/errors';
import type { z } from 'zod';
import type { HttpMethod, RouteDefinition } from '@shared/api/routes';
import type { Envelope } from '@shared/schemas/common';
import type { Page } from '@shared/api/paging';
import { config } from '../config';
import { fileNameOfDisposition } from './download-file';
import { currentLanguage } from './i18n';
import { browserPathOf } from './api-path';
import { claimFirstCall, type FirstCallAnswer } from './first-call-answers';
import { sessionPayload, sessionToken } from './session';
import { specHeaders } from './spec-headers';

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

/** The spec's headers on every call (spec 1 §7). */
// While stored credentials are being renewed, the first screen's calls go out with them (see startFirstScreen).
const commonHeaders = (): Record<string, string> => specHeaders({ token: sessionToken(), payload: sessionPayload(), language: currentLanguage() });

type AmplifyRest = typeof import('aws-amplify/api');
let amplifyRest: AmplifyRest | null = null;
let loadingAmplify: Promise<AmplifyRest> | null = null;

/**
 * Amplify's REST client is the one HTTP client; the API is same-origin under `apiBase` (its
 * endpoint is this origin, so it needs no runtime configuration). Its code (~30 KiB gzip) is not
 * part of the first screen's JavaScript: `configureHttp` starts loading it at boot, beside the
 * configuration and the translations, and the first call waits for it if needed.
 */
const loadAmplify = (): Promise<AmplifyRest> =>
  (loadingAmplify ??= Promise.all([import('aws-amplify'), import('aws-amplify/api')]).then(([{ Amplify }, rest]) => {
    configureAmplify(Amplify);
    amplifyRest = rest;
    return rest;
  }));

/** Starts loading the HTTP client; resolves once it is ready (calls asked meanwhile go out then), whether it loaded or not. */
export const configureHttp = (): Promise<void> =>
  loadAmplify().then(
    () => undefined,
    () => {
      // The first call tries again and fails as a network error.
      loadingAmplify = null;
    },
  );

const configureAmplify = (Amplify: typeof import('aws-amplify').Amplify): void => {
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
  if (isAmplifyApiError(error) && error.response) {
    const { body, statusCode } = error.response;
    const envelope = parseEnvelope(body);
    const code = isErrorCode(envelope?.msg) ? envelope.msg : codeOfStatus(statusCode);
    return new ApiRequestError(code, statusCode, envelope?.data, { cause: error });
  }
  // No response at all: offline, refused, or the time limit of the call ran out.
  return new ApiRequestError('network_error', null, undefined, { cause: error });
};

/** The data of an answer with the success message code beside it (`location_saved`, `calculation_launched`…). */
export interface Answer<T> {
  data: T;
  msg: string | null;
}

type Route = RouteDefinition;
type Input<Schema> = Schema extends z.ZodType ? z.input<Schema> : never;

/** What a call to a route sends: its path parameters, query and body, typed by the route table. */
export type CallOptions<R extends Route> = (z.input<R['params']> extends Record<string, never> ? { params?: undefined } : { params: z.input<R['params']> }) &
  (R['body'] extends z.ZodType ? { body: Input<R['body']> } : { body?: undefined }) & {
    query?: z.input<R['query']>;
    timeoutMs?: number;
    /** Cancels the call when it aborts (react-query aborts a search the user has typed past). */
    signal?: AbortSignal;
    /** Another credential than the session's: a report's print token, on the print page that has no session. */
    bearer?: string;
  };

export type ResponseOf<R extends Route> = z.output<R['response']>;

type Get = AmplifyRest['get'];
const operationOf = (rest: AmplifyRest, method: HttpMethod): Get =>
  ({ GET: rest.get, POST: rest.post as Get, PUT: rest.put as Get, DELETE: rest.del as unknown as Get })[method];

/** Amplify's answer to a call that reached the server and failed, with the response it carried. */
const isAmplifyApiError = (error: unknown): error is InstanceType<AmplifyRest['ApiError']> =>
  amplifyRest !== null && error instanceof amplifyRest.ApiError;

/** The browser's path of a route: the table's path with its parameters, under the runtime API base. */
const browserPath = (route: Route, options: { params?: unknown; query?: unknown }): string => browserPathOf(route, options, config().apiBase);

let redirectTo: ((state: string) => void) | null = null;

/** Where an answer's `action: 'redirect:<state>'` leads (spec 1 §7): set once by the router. */
export const onRedirectAction = (navigate: (state: string) => void): void => {
  redirectTo = navigate;
};

const followAction = (envelope: Envelope<unknown> & { action?: unknown }): void => {
  if (typeof envelope.action === 'string' && envelope.action.startsWith('redirect:')) redirectTo?.(envelope.action.slice('redirect:'.length));
};

/**
 * The body of an early call's answer, or its failure as the HTTP client would have thrown it: a
 * status over 299 with the server's code (or the status's), no answer as a network error.
 */
const textOfFirstCall = async (early: Promise<FirstCallAnswer | null>): Promise<string> => {
  const answer = await early;
  if (!answer) throw new ApiRequestError('network_error', null);
  if (answer.status >= 200 && answer.status < 300) return answer.text;
  const envelope = parseEnvelope(answer.text);
  if (envelope) followAction(envelope);
  throw new ApiRequestError(isErrorCode(envelope?.msg) ? envelope.msg : codeOfStatus(answer.status), answer.status, envelope?.data);
};

/** One call through Amplify's REST client; the headers given replace the common ones of the same name. */
const send = async <R extends Route>(route: R, path: string, options: CallOptions<R>, headers: Record<string, string> = {}) => {
  const operation = operationOf(amplifyRest ?? (await loadAmplify()), route.method)({
    apiName: API_NAME,
    path,
    options: {
      ...(options.body === undefined ? {} : { body: options.body as never }),
      ...(options.timeoutMs ? { timeout: options.timeoutMs } : {}),
      headers: { ...headers, ...(options.bearer ? { Authorization: `Bearer ${options.bearer}` } : {}) },
    },
  });
  if (options.signal?.aborted) operation.cancel();
  else options.signal?.addEventListener('abort', () => operation.cancel(), { once: true });
  return operation.response;
};

/**
 * Calls one route of the table through Amplify's REST client, the one HTTP client: path, method
 * and types come from the route. Failures become `ApiRequestError` with the server's code; an
 * answer's redirect action is followed whether it succeeded or not.
 */
export const callApiForAnswer = async <R extends Route>(
  route: R,
  options: CallOptions<R>,
  readEnvelope?: (envelope: Envelope<unknown>) => void,
): Promise<Answer<ResponseOf<R>>> => {
  // A paged list is asked for a page at a time (`limit`, `cursor`), never whole: a large customer's whole list is past what
  // the API answers (413 list_too_large). A call without them is the screen's mistake, refused before it leaves.
  // (isPageRequest's test, without importing paging.ts: its zod schemas would join the first screen's code.)
  const query = (options.query ?? {}) as { limit?: unknown; cursor?: unknown };
  if (route.paged && query.limit === undefined && query.cursor === undefined) {
    throw new Error(`${route.method} ${route.path} is a paged list: ask for a page (limit, cursor), never the whole list`);
  }
  const path = browserPath(route, options);
  try {
    // The same call, sent by the early script before the app's code ran (lib/first-call-answers.ts): its answer, not a second call.
    const early = options.bearer ? null : claimFirstCall(route.method, path, options.body, commonHeaders());
    const text = early ? await textOfFirstCall(early) : await (await send(route, path, options)).body.text();
    const envelope = parseEnvelope(text);
    if (!envelope) throw new ApiRequestError('internal_error', null);
    followAction(envelope);
    readEnvelope?.(envelope);
    if (!envelope.res) {
      throw new ApiRequestError(isErrorCode(envelope.msg) ? envelope.msg : 'internal_error', null, envelope.data);
    }
    return { data: envelope.data as ResponseOf<R>, msg: typeof envelope.msg === 'string' ? envelope.msg : null };
  } catch (error) {
    const failure = failureOf(error);
    if (isAmplifyApiError(error) && error.response) {
      const envelope = parseEnvelope(error.response.body);
      if (envelope) followAction(envelope);
    }
    // Answers the server names are the screens' to show (translated); only the unexplained reach the console (spec 1 §8).
    // A call its caller cancelled is no failure.
    const unexplained = failure.code === 'internal_error' || failure.code === 'network_error';
    if (unexplained && !options.signal?.aborted) console.error(`API ${path} failed: ${failure.code}`, failure.cause ?? '');
    throw failure;
  }
};

/**
 * One page of a paged list route (`paged: true` in the route table; see @shared/api/paging): send
 * `limit` (and the previous page's `cursor`) in `query`; the answer's `next_cursor` is null on the last page.
 */
export const callApiForPage = async <R extends Route>(
  route: R,
  options: CallOptions<R>,
): Promise<Page<ResponseOf<R> extends readonly (infer Item)[] ? Item : never>> => {
  let nextCursor: string | null = null;
  const { data } = await callApiForAnswer(route, options, (envelope) => {
    nextCursor = typeof envelope.next_cursor === 'string' ? envelope.next_cursor : null;
  });
  return { data: data as never, next_cursor: nextCursor };
};

/** Like `callApiForAnswer`, keeping the data only. */
export const callApi = async <R extends Route>(route: R, options: CallOptions<R>): Promise<ResponseOf<R>> =>
  (await callApiForAnswer(route, options)).data;

/** A file the API answers as such (a report's PDF): its bytes and the name its Content-Disposition gives, if any. */
export interface ApiFile {
  blob: Blob;
  fileName: string | null;
}

/**
 * Calls a route that answers a file rather than an envelope; `accept` names its media type (the
 * gateway passes a binary body intact only when the request accepts it). A refusal is an envelope
 * and fails as any other call does.
 */
export const callApiForFile = async <R extends Route>(route: R, options: CallOptions<R> & { accept: string }): Promise<ApiFile> => {
  const path = browserPath(route, options);
  try {
    const { body, headers } = await send(route, path, options, { Accept: options.accept });
    const disposition = Object.entries(headers).find(([name]) => name.toLowerCase() === 'content-disposition')?.[1] ?? null;
    return { blob: await body.blob(), fileName: disposition ? fileNameOfDisposition(disposition) : null };
  } catch (error) {
    const failure = failureOf(error);
    if (failure.code === 'internal_error' || failure.code === 'network_error') console.error(`API ${path} failed: ${failure.code}`, failure.cause ?? '');
    throw failure;
  }
};
