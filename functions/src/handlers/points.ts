import {
  pointMergeRequestSchema,
  pointPositionRequestSchema,
  pointSaveRequestSchema,
  technicalIdCheckRequestSchema,
} from '@shared/schemas/point-requests';
import { createHttpHandler, operation, withMessage } from '../middleware/http-handler';
import { requireCaller } from '../middleware/require-caller';
import {
  createPoint,
  listPointsOfSelection,
  listPointsWithLocationNames,
  listVisiblePoints,
  mergePoints,
  pointDefinitions,
  positionPoints,
  removePoint,
  technicalIdIsUnique,
  updatePoint,
} from '../services/point-service';

export const handler = createHttpHandler('points', {
  pointDefinitions: operation({ run: async () => pointDefinitions() }),
  listPointsOfSelection: operation({
    run: (request) => listPointsOfSelection(requireCaller(request), request.params.locationId, true),
  }),
  listPoints: operation({ run: (request) => listVisiblePoints(requireCaller(request)) }),
  listPointsWithLocationNames: operation({ run: (request) => listPointsWithLocationNames(requireCaller(request)) }),
  createPoint: operation({
    body: pointSaveRequestSchema,
    run: async (request) => {
      const saved = await createPoint(requireCaller(request), request.body);
      return withMessage(saved.point, saved.msg);
    },
  }),
  updatePoint: operation({
    body: pointSaveRequestSchema,
    run: async (request) => {
      const saved = await updatePoint(requireCaller(request), request.body);
      return withMessage(saved.point, saved.msg);
    },
  }),
  checkTechnicalId: operation({
    body: technicalIdCheckRequestSchema,
    run: async (request) => ({
      unique: await technicalIdIsUnique(requireCaller(request), request.body.point.technical_id, request.body.point._id),
    }),
  }),
  positionPoints: operation({
    body: pointPositionRequestSchema,
    run: ({ body, ...request }) =>
      positionPoints(requireCaller(request), body.points, body.location_id, body.current_location ?? null),
  }),
  mergePoints: operation({
    body: pointMergeRequestSchema,
    run: ({ body, ...request }) => mergePoints(requireCaller(request), body.points, body.merge_to),
  }),
  deletePoint: operation({ run: (request) => removePoint(requireCaller(request), request.params.id) }),
});
