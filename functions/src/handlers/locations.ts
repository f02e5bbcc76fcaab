import type { LocationInput } from '@shared/schemas/location-input';
import { createHttpHandler, withMessage } from '../middleware/http-handler';
import { createLocation, listLocationTree, positionLocations, removeLocation, updateLocation } from '../services/location-service';
import { listPointsOfPlace } from '../services/point-list-service';
import { listMarkers, saveLocationMaplyticsSettings } from '../services/maplytics-service';
import { geocodeAddress } from '../services/geocoding-service';
import { type Caller } from '../services/caller';

const update = async (caller: Caller, body: LocationInput) => withMessage(await updateLocation(caller, body), 'location_saved');

export const handler = createHttpHandler('locations', {
  listLocations: ({ caller }) => listLocationTree(caller),
  createLocation: async ({ caller, body }) => withMessage(await createLocation(caller, body), 'location_saved'),
  updateLocation: ({ caller, body }) => update(caller, body),
  updateLocationV1: ({ caller, body }) => update(caller, body),
  positionLocations: ({ caller, body }) =>
    positionLocations(caller, body.locations.map((_id, position) => ({ _id, parent: body.parent_id, position }))),
  positionLocationsV1: ({ caller, body }) => positionLocations(caller, body.locations),
  deleteLocation: ({ caller, params }) => removeLocation(caller, params.id),
  listPointsWithoutLocation: ({ caller }) => listPointsOfPlace(caller, 'alone'),
  listPointsOfLocation: ({ caller, params }) => listPointsOfPlace(caller, params.locationId),
  getMaplytics: ({ caller }) => listMarkers(caller),
  updateLocationMaplyticsSettings: ({ caller, params, body }) => saveLocationMaplyticsSettings(caller, params.locationId, body.maplytics_custom_settings),
  geocodeAddress: ({ query }) => geocodeAddress(query.q),
});
