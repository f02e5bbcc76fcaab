import * as z from 'zod';
import { pointSchema } from '../../schemas/point';
import {
  pointMergeRequestSchema,
  pointPositionRequestSchema,
  pointsDeletionRequestSchema,
  pointsHiddenOnMapRequestSchema,
  pointSaveRequestSchema,
  pointsByIdsRequestSchema,
  technicalIdCheckRequestSchema,
} from '../../schemas/point-requests';
import { idSchema } from '../../schemas/common';
import { maplyticsPointsQuerySchema, maplyticsPointsResponseSchema, maplyticsSettingsRequestSchema } from '../../schemas/maplytics';
import { maplyticsSettingsSchema } from '../../maplytics/levels';
import {
  jobResponseSchema,
  pointDefinitionsResponseSchema,
  pickerPointSchema,
  pointDeletionResponseSchema,
  pointsDeletionResponseSchema,
  pointsHiddenOnMapResponseSchema,
  pointWithLastValueSchema,
  pointWithLocationNamesSchema,
  technicalIdCheckResponseSchema,
} from '../responses';
import { route, ANY_SIGNED_IN_USER, SETTINGS, byId, type GroupRoutes } from '../define-route';
import { listQuerySchema, trimmableListQuerySchema } from '../paging';

/** A location id, or `all` and `alone` (points without location). */
const locationSelection = z.object({ locationId: z.union([z.enum(['all', 'alone']), idSchema]) });

/** The routes the `points` function serves. */
export const pointsRoutes = {
  pointDefinitions: route('GET', '/api/v1/points/definitions', 'points', { permission: ANY_SIGNED_IN_USER, response: pointDefinitionsResponseSchema }),
  listPointsOfSelection: route('GET', '/api/v2/points/get-all/{locationId}', 'points', {
    permission: ANY_SIGNED_IN_USER,
    params: locationSelection,
    query: listQuerySchema,
    paged: true,
    response: z.array(pointSchema),
  }),
  listPoints: route('GET', '/api/v1/points', 'points', { permission: ANY_SIGNED_IN_USER, query: listQuerySchema, paged: true, response: z.array(pointSchema) }),
  // `fields=picker` (not in the spec) trims each point to what a picker shows; without it, the spec's whole points.
  listPointsWithLocationNames: route('GET', '/api/v1/points/get-all-with-locations-name', 'points', {
    permission: ANY_SIGNED_IN_USER,
    query: trimmableListQuerySchema,
    paged: true,
    response: z.array(z.union([pointWithLocationNamesSchema, pickerPointSchema])),
  }),
  // Not in the spec: a saved choice opened again (a widget's points, an alert's) names its points without the whole list.
  // Those of another customer, deleted, or out of the caller's locations are absent; the answer keeps the order asked.
  getPointsByIds: route('POST', '/api/v1/points/by-ids', 'points', {
    permission: ANY_SIGNED_IN_USER,
    body: pointsByIdsRequestSchema,
    response: z.array(pointWithLocationNamesSchema),
  }),
  listPointsForManualEntry: route('GET', '/api/v1/points/data/{locationId}', 'points', {
    permission: 'app.manual_entry',
    params: z.object({ locationId: z.union([z.literal('alone'), idSchema]) }),
    response: z.array(pointWithLastValueSchema),
  }),
  // The spec writes `GET /v1/points/data/` with an empty location for the points without location: answered as `alone`.
  listPointsForManualEntryWithoutLocation: route('GET', '/api/v1/points/data', 'points', {
    permission: 'app.manual_entry',
    response: z.array(pointWithLastValueSchema),
  }),
  createPoint: route('POST', '/api/v1/points', 'points', { ...SETTINGS, action: 'create', body: pointSaveRequestSchema, response: pointSchema }),
  updatePoint: route('PUT', '/api/v1/points', 'points', { ...SETTINGS, action: 'edit', body: pointSaveRequestSchema, response: pointSchema }),
  checkTechnicalId: route('POST', '/api/v1/points/check-unique-technical-id', 'points', {
    ...SETTINGS,
    body: technicalIdCheckRequestSchema,
    response: technicalIdCheckResponseSchema,
  }),
  positionPoints: route('PUT', '/api/v1/points/position', 'points', {
    ...SETTINGS,
    action: 'edit',
    body: pointPositionRequestSchema,
    response: z.array(pointSchema),
  }),
  mergePoints: route('PUT', '/api/v1/points/merge', 'points', { ...SETTINGS, action: 'edit', body: pointMergeRequestSchema, response: jobResponseSchema }),
  deletePoint: route('DELETE', '/api/v1/points/{id}', 'points', { ...SETTINGS, action: 'delete', params: byId, response: pointDeletionResponseSchema }),
  // Not in the spec: the settings' bulk actions on a selection of thousands, a call per MAX_BULK_POINTS points rather than per point
  // (a call per point would also spend a customer's API allowance: 20,000 points are 20,000 requests).
  setPointsHiddenOnMap: route('PUT', '/api/v1/points/hide-on-maplytics', 'points', {
    ...SETTINGS,
    action: 'edit',
    body: pointsHiddenOnMapRequestSchema,
    response: pointsHiddenOnMapResponseSchema,
  }),
  deletePoints: route('POST', '/api/v1/points/delete', 'points', { ...SETTINGS, action: 'delete', body: pointsDeletionRequestSchema, response: pointsDeletionResponseSchema }),
  // Maplytics (spec 2 §7): a site's points with their figures, and a point's settings. Premium through the key.
  listMaplyticsPoints: route('GET', '/api/v1/points/maplytics/{locationId}', 'points', {
    permission: 'app.maplytics',
    params: z.object({ locationId: idSchema }),
    query: maplyticsPointsQuerySchema,
    response: maplyticsPointsResponseSchema,
  }),
  updatePointMaplyticsSettings: route('PUT', '/api/v1/points/maplytics_settings/{pointId}', 'points', {
    permission: 'app.maplytics',
    action: 'edit',
    params: z.object({ pointId: idSchema }),
    body: maplyticsSettingsRequestSchema,
    response: z.object({ _id: idSchema, maplytics_custom_settings: maplyticsSettingsSchema }),
  }),
} satisfies GroupRoutes<'points'>;
