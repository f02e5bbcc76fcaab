import { pickerPointOf } from '@shared/api/responses';
import { asPage, createHttpHandler, withMessage } from '../middleware/http-handler';
import { listPointsOfSelectionPage, listPointsPage, listPointsWithLocationNamesPage, type PointList } from '../services/point-list-service';
import {
  createPoint,
  mergePoints,
  pointDefinitions,
  positionPoints,
  removePoint,
  removePoints,
  setPointsHiddenOnMap,
  technicalIdIsUnique,
  updatePoint,
} from '../services/point-service';
import { listPointsForManualEntry } from '../services/manual-entry-service';
import { getPointsByIds } from '../services/points-by-id-service';
import { listMaplyticsPoints, savePointMaplyticsSettings } from '../services/maplytics-service';

/** A whole list answers its items; a page, its items and the next page's cursor. */
const answerOf = <T>({ items, page }: PointList<T>) => (page ? asPage(items, page.nextCursor) : items);

export const handler = createHttpHandler('points', {
  pointDefinitions: ({ caller }) => pointDefinitions(caller),
  listPointsOfSelection: async ({ caller, params, query }) => answerOf(await listPointsOfSelectionPage(caller, params.locationId, query)),
  listPoints: async ({ caller, query }) => answerOf(await listPointsPage(caller, query)),
  listPointsWithLocationNames: async ({ caller, query }) => {
    const list = await listPointsWithLocationNamesPage(caller, query);
    return answerOf(query.fields === 'picker' ? { ...list, items: list.items.map(pickerPointOf) } : list);
  },
  getPointsByIds: ({ caller, body }) => getPointsByIds(caller, body.ids),
  listPointsForManualEntry: ({ caller, params }) => listPointsForManualEntry(caller, params.locationId),
  listPointsForManualEntryWithoutLocation: ({ caller }) => listPointsForManualEntry(caller, 'alone'),
  createPoint: async ({ caller, body }) => {
    const saved = await createPoint(caller, body);
    return withMessage(saved.point, saved.msg);
  },
  updatePoint: async ({ caller, body }) => {
    const saved = await updatePoint(caller, body);
    return withMessage(saved.point, saved.msg);
  },
  checkTechnicalId: async ({ caller, body }) => ({ unique: await technicalIdIsUnique(caller, body.point.technical_id, body.point._id) }),
  positionPoints: ({ caller, body }) => positionPoints(caller, body.points, body.location_id, body.current_location ?? null),
  mergePoints: ({ caller, body }) => mergePoints(caller, body.points, body.merge_to),
  deletePoint: ({ caller, params }) => removePoint(caller, params.id),
  setPointsHiddenOnMap: ({ caller, body }) => setPointsHiddenOnMap(caller, body.points, body.hide_on_maplytics),
  deletePoints: ({ caller, body }) => removePoints(caller, body.points),
  listMaplyticsPoints: ({ caller, params, query }) => listMaplyticsPoints(caller, params.locationId, query),
  updatePointMaplyticsSettings: ({ caller, params, body }) => savePointMaplyticsSettings(caller, params.pointId, body.maplytics_custom_settings),
});
