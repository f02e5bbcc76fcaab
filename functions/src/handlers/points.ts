import { z } from 'zod';
import { idSchema } from '@shared/schemas/common';
import { pointInputSchema } from '@shared/schemas/point';
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

const pointBody = z.union([z.object({ point: pointInputSchema }), pointInputSchema]).transform((body) =>
  'point' in body && typeof body.point === 'object' ? body.point : (body as z.infer<typeof pointInputSchema>),
);

export const handler = createHttpHandler('points', {
  pointDefinitions: operation({ run: async () => pointDefinitions() }),
  listPointsOfSelection: operation({
    run: (request) => listPointsOfSelection(requireCaller(request), request.params.locationId, true),
  }),
  listPoints: operation({ run: (request) => listVisiblePoints(requireCaller(request)) }),
  listPointsWithLocationNames: operation({ run: (request) => listPointsWithLocationNames(requireCaller(request)) }),
  createPoint: operation({
    body: pointBody,
    run: async (request) => {
      const saved = await createPoint(requireCaller(request), request.body);
      return withMessage(saved.point, saved.msg);
    },
  }),
  updatePoint: operation({
    body: pointBody,
    run: async (request) => {
      const saved = await updatePoint(requireCaller(request), request.body);
      return withMessage(saved.point, saved.msg);
    },
  }),
  checkTechnicalId: operation({
    body: z.object({ point: z.object({ technical_id: z.string().trim().min(1), _id: idSchema.optional() }) }),
    run: async (request) => ({
      unique: await technicalIdIsUnique(requireCaller(request), request.body.point.technical_id, request.body.point._id),
    }),
  }),
  positionPoints: operation({
    body: z.object({
      points: z.array(idSchema).min(1).max(500),
      location_id: idSchema.nullable(),
      current_location: idSchema.nullish(),
    }),
    run: ({ body, ...request }) =>
      positionPoints(requireCaller(request), body.points, body.location_id, body.current_location ?? null),
  }),
  mergePoints: operation({
    body: z.object({ points: z.array(idSchema).min(1).max(50), merge_to: idSchema }),
    run: ({ body, ...request }) => mergePoints(requireCaller(request), body.points, body.merge_to),
  }),
  deletePoint: operation({ run: (request) => removePoint(requireCaller(request), request.params.id) }),
});
