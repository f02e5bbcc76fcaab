import type { z } from 'zod';
import type { HierarchyDevice, SourceHierarchy } from '@shared/schemas/source';

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
 * Refusals (401/403) and other failures become `ProviderError`s carrying the provider's words.
 */
export const getJson = async <T>(settings: ProviderSettings, path: string, schema: z.ZodType<T>, query: Record<string, string> = {}): Promise<T> => {
  const url = new URL(`${baseUrlOf(settings)}${path}`);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  let response: Response;
  try {
    response = await fetch(url, { headers: { apikey: settings.apiKey, Accept: 'application/json' }, signal: AbortSignal.timeout(TIMEOUT_MS) });
  } catch (error) {
    throw new ProviderError('provider_unreachable', `${url.host}: ${(error as Error).cause instanceof Error ? ((error as Error).cause as Error).message : (error as Error).message}`, { cause: error });
  }
  const text = await response.text();
  if (response.status === 401 || response.status === 403) throw new ProviderError('provider_refused', `${response.status} ${text.slice(0, 200)}`.trim());
  if (!response.ok) throw new ProviderError('provider_unreachable', `${response.status} ${text.slice(0, 200)}`.trim());
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
