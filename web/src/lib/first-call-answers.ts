import { browserPathOf } from './api-path';
import type { FirstCall } from './first-calls';

/**
 * The hand-over of the calls the early script sent (issue 43): `web/src/early-calls.ts`, inlined in
 * index.html, sends a reload's first calls (`first-calls.ts`) with `fetch` before the entry is
 * even downloaded, and leaves them on `window`; the HTTP client (`lib/http.ts`) takes the answer
 * of the same call, with the same headers, instead of sending it again. Each is taken once, within
 * the first screen's time (`CLAIMABLE_MS` after it left): a later call asks the server.
 */

/** What came back: the status and the body's text (decompressed by the browser). */
export interface FirstCallAnswer {
  status: number;
  text: string;
}

/** A call sent early: what identifies it, the headers it carried, when it left (`performance.now()`), and its answer (null: none came, as a network failure). */
export interface SentFirstCall {
  key: string;
  headers: Record<string, string>;
  sentAt: number;
  answer: Promise<FirstCallAnswer | null>;
}

declare global {
  interface Window {
    /** Set by the early script in index.html: the calls it sent (absent: it sent none). */
    __wattwiseFirstCalls?: SentFirstCall[];
  }
}

/** After this long from its sending, an answer not taken is dropped: it was the first screen's, and may be stale. */
export const CLAIMABLE_MS = 15_000;

/** A call's identity: method, browser path with its query, and body. */
export const firstCallKey = (method: string, path: string, body: unknown): string => `${method} ${path}${body === undefined ? '' : ` ${JSON.stringify(body)}`}`;

/**
 * Sends the calls with `fetch` as the HTTP client would (the same path, body and spec headers;
 * the browser adds Accept-Encoding as it does for the client's), each once.
 */
export const sendFirstCalls = (calls: FirstCall[], { apiBase, headers }: { apiBase: string; headers: Record<string, string> }, send: typeof fetch = fetch): SentFirstCall[] => {
  const sent = new Map<string, SentFirstCall>();
  for (const call of calls) {
    const path = browserPathOf(call.route, call, apiBase);
    const key = firstCallKey(call.route.method, path, call.body);
    if (sent.has(key)) continue;
    const answer = send(path, {
      method: call.route.method,
      headers: call.body === undefined ? headers : { ...headers, 'Content-Type': 'application/json; charset=UTF-8' },
      ...(call.body === undefined ? {} : { body: JSON.stringify(call.body) }),
      ...(call.timeoutMs ? { signal: AbortSignal.timeout(call.timeoutMs) } : {}),
    }).then(
      async (response) => ({ status: response.status, text: await response.text() }),
      () => null,
    );
    // A body that breaks off is a failure as well.
    sent.set(key, { key, headers, sentAt: performance.now(), answer: answer.catch(() => null) });
  }
  return [...sent.values()];
};

const sameHeaders = (a: Record<string, string>, b: Record<string, string>): boolean => {
  const names = Object.keys(a);
  return names.length === Object.keys(b).length && names.every((name) => a[name] === b[name]);
};

/** Whether the early script sent this page's first calls. */
export const firstCallsSent = (): boolean => (globalThis.window?.__wattwiseFirstCalls?.length ?? 0) > 0;

/**
 * The answer of a call the early script sent, taken (once) when the app makes the same call with
 * the same headers; else null, and the app sends it.
 */
export const claimFirstCall = (method: string, path: string, body: unknown, headers: Record<string, string>): Promise<FirstCallAnswer | null> | null => {
  const sent = globalThis.window?.__wattwiseFirstCalls;
  if (!sent?.length) return null;
  const now = performance.now();
  // Those not taken in time are dropped, with the text they hold (the markers' answer is ~400 KiB at 1,000 sites).
  for (let index = sent.length - 1; index >= 0; index -= 1) if (now - sent[index]!.sentAt > CLAIMABLE_MS) sent.splice(index, 1);
  const key = firstCallKey(method, path, body);
  const index = sent.findIndex((call) => call.key === key && sameHeaders(call.headers, headers));
  if (index < 0) return null;
  const [taken] = sent.splice(index, 1);
  return taken!.answer;
};
