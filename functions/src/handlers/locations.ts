import { locationInputSchema, locationPositionV1Schema, locationPositionV2Schema } from '@shared/schemas/location-input';
import { createHttpHandler, operation, withMessage } from '../middleware/http-handler';
import { requireCaller } from '../middleware/require-caller';
import { createLocation, listLocationTree, positionLocations, removeLocation, updateLocation } from '../services/location-service';
import { listPointsOfSelection } from '../services/point-service';

const update = operation({
  body: locationInputSchema,
  run: async (request) => withMessage(await updateLocation(requireCaller(request), request.body), 'location_saved'),
});

export const handler = createHttpHandler('locations', {
  listLocations: operation({ run: (request) => listLocationTree(requireCaller(request)) }),
  createLocation: operation({
    body: locationInputSchema,
    run: async (request) => withMessage(await createLocation(requireCaller(request), request.body), 'location_saved'),
  }),
  updateLocation: update,
  updateLocationV1: update,
  positionLocations: operation({
    body: locationPositionV2Schema,
    run: ({ body, ...request }) =>
      positionLocations(
        requireCaller(request),
        body.locations.map((_id, position) => ({ _id, parent: body.parent_id, position })),
      ),
  }),
  positionLocationsV1: operation({
    body: locationPositionV1Schema,
    run: ({ body, ...request }) => positionLocations(requireCaller(request), body.locations),
  }),
  deleteLocation: operation({ run: (request) => removeLocation(requireCaller(request), request.params.id) }),
  listPointsWithoutLocation: operation({ run: (request) => listPointsOfSelection(requireCaller(request), 'alone', false) }),
  listPointsOfLocation: operation({
    run: (request) => listPointsOfSelection(requireCaller(request), request.params.locationId, false),
  }),
});
