import * as z from 'zod';
import { pointSchema } from '../../schemas/point';
import {
  sourceDeletionResponseSchema,
  sourceDiscoverySchema,
  sourceFetchStartedSchema,
  sourceInputSchema,
  sourceNameAndFamilySchema,
  sourcePointsRequestSchema,
  sourceSchema,
} from '../../schemas/source';
import { route, byId, type GroupRoutes } from '../define-route';

const SOURCES = { permission: 'app.settings.sources' } as const;

/** The routes the `sources` function serves. */
export const sourcesRoutes = {
  // Data sources (spec 3 §7 "Sources"): the list, a source, its discovery at the provider and the points it proposes.
  listSources: route('GET', '/api/v1/sources', 'sources', { ...SOURCES, response: z.array(sourceSchema) }),
  getSource: route('GET', '/api/v1/sources/{id}', 'sources', { ...SOURCES, params: byId, response: sourceSchema }),
  createSource: route('POST', '/api/v1/sources', 'sources', { ...SOURCES, action: 'create', body: sourceNameAndFamilySchema, response: sourceSchema }),
  createConfigurableSource: route('POST', '/api/v1/sources/custom', 'sources', { ...SOURCES, action: 'create', body: sourceInputSchema, response: sourceSchema }),
  updateSource: route('PUT', '/api/v1/sources/{id}', 'sources', { ...SOURCES, action: 'edit', params: byId, body: sourceInputSchema, response: sourceSchema }),
  deleteSource: route('DELETE', '/api/v1/sources/{id}', 'sources', { ...SOURCES, action: 'delete', params: byId, response: sourceDeletionResponseSchema }),
  discoverSource: route('POST', '/api/v1/sources/{id}/discover', 'sources', { ...SOURCES, action: 'edit', params: byId, response: sourceDiscoverySchema }),
  createSourcePoints: route('POST', '/api/v1/sources/{id}/points', 'sources', {
    permission: 'app.settings.locations_and_points',
    action: 'create',
    params: byId,
    body: sourcePointsRequestSchema,
    response: z.object({ created: z.array(pointSchema), skipped: z.array(z.string()) }),
  }),
  fetchSource: route('POST', '/api/v1/sources/{id}/fetch', 'sources', { ...SOURCES, action: 'edit', params: byId, response: sourceFetchStartedSchema }),
} satisfies GroupRoutes<'sources'>;
