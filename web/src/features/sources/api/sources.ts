import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { API } from '@shared/api/routes';
import type { SourceInput } from '@shared/schemas/source';
import { callApi } from '../../../lib/http';

export const SOURCE_KEYS = {
  all: ['settings', 'sources'] as const,
  one: (id: string) => ['settings', 'sources', id] as const,
};

/** The customer's sources, in their order; the list reloads after every change (spec 3 §2). */
export const sourcesQueryOptions = () => queryOptions({ queryKey: SOURCE_KEYS.all, queryFn: () => callApi(API.listSources, {}) });

export const sourceQueryOptions = (id: string) => queryOptions({ queryKey: SOURCE_KEYS.one(id), queryFn: () => callApi(API.getSource, { params: { id } }) });

export const saveSource = (source: SourceInput, id: string | null) =>
  id ? callApi(API.updateSource, { params: { id }, body: source }) : callApi(API.createConfigurableSource, { body: source });

export const deleteSource = (id: string) => callApi(API.deleteSource, { params: { id } });

/** Asks the provider for its groups, devices and points (a few seconds: the screen shows loading, then done). */
export const discoverSource = (id: string) => callApi(API.discoverSource, { params: { id }, timeoutMs: 60_000 });

export const createSourcePoints = (id: string, request: z.input<typeof API.createSourcePoints.body>) =>
  callApi(API.createSourcePoints, { params: { id }, body: request, timeoutMs: 60_000 });

export const fetchSourceNow = (id: string) => callApi(API.fetchSource, { params: { id } });
