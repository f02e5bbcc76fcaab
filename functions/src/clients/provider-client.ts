import type { z } from 'zod';
import type { HierarchyDevice, SourceHierarchy } from '@shared/schemas/source';
import { DestinationNotAllowedError, getChecked, type CheckedAnswer } from './outbound-destination';

/** A provider's own failure, kept apart from ours: a stable code and the provider's words. */
export class ProviderError extends Error {
  constructor(
    readonly code: 'provider_refused' | 'provider_unreachable' | 'provider_answer_invalid',
    readonly detail: string,
    options?: { cause?: unknown },
  ) {
    super(`${code}: ${detail}`, options);
    this.name = 'ProviderError';
  }
}

/** One value of one point of a device, as the provider gave it. */
export interface ProviderValue {
  key: string;
  at: number;
  value: number;
}

/**
 * What WattWise asks of a device-network provider (eveler, objenious): its groups of devices
 * and their points, and a device's values over a window. Each provider's module speaks its own
 * API behind this; nothing else knows its paths.
 */
export interface ProviderClient {
  discover(): Promise<SourceHierarchy['groups']>;
  /** Values of some points of one device, from `since` (included) to `until`. */
  values(device: HierarchyDevice, pointKeys: readonly string[], since: number, until: number): Promise<ProviderValue[]>;
}

export interface ProviderSettings {
  endpoint: string;
  apiVersion: string;
  apiKey: string;
}

const TIMEOUT_MS = 15_000;

/** The base every path of a provider hangs from: its endpoint and API version. */
export const baseUrlOf = (settings: ProviderSettings): string => `${settings.endpoint.replace(/\/+$/, '')}/${settings.apiVersion}`;

/**
 * GETs a path of a provider with its `apikey` header and reads the JSON answer with a schema.
 * The endpoint is the customer's: it is reached through the outbound-destination policy.
 * Refusals (401/403) and other failures become `ProviderError`s carrying the provider's words.
 */
export const getJson = async <T>(settings: ProviderSettings, path: string, schema: z.ZodType<T>, query: Record<string, string> = {}): Promise<T> => {
  const url = new URL(`${baseUrlOf(settings)}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  let response: CheckedAnswer;
  try {
    response = await getChecked(url, { apikey: settings.apiKey, Accept: 'application/json' }, TIMEOUT_MS);
  } catch (error) {
    // The policy's refusal is told as such, not as a provider that did not answer.
    if (error instanceof DestinationNotAllowedError) throw error;
    throw new ProviderError('provider_unreachable', `${url.host}: ${(error as Error).message}`, { cause: error });
  }
  const { status, text } = response;
  if (status === 401 || status === 403) throw new ProviderError('provider_refused', `${status} ${text.slice(0, 200)}`.trim());
  if (status < 200 || status >= 300) throw new ProviderError('provider_unreachable', `${status} ${text.slice(0, 200)}`.trim());
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch (error) {
    throw new ProviderError('provider_answer_invalid', `${url.pathname}: not JSON`, { cause: error });
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) throw new ProviderError('provider_answer_invalid', `${url.pathname}: ${parsed.error.issues[0]?.message ?? 'unexpected answer'}`);
  return parsed.data;
};

/** Runs tasks a few at a time: a provider with many devices is not asked everything at once. */
export const inBatches = async <T, R>(items: readonly T[], size: number, task: (item: T) => Promise<R>): Promise<R[]> => {
  const results: R[] = [];
  for (let offset = 0; offset < items.length; offset += size) results.push(...(await Promise.all(items.slice(offset, offset + size).map(task))));
  return results;
};
