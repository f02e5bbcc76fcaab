import { can } from '@shared/permissions/abilities';
import { permissionsOf, useLoginPayload } from '../../../lib/session';

/** Jumping to a point's settings needs the view permission on app.settings.locations_and_points (spec 2 §6). */
export const useCanOpenPointSettings = (): boolean => can(permissionsOf(useLoginPayload()), 'app.settings.locations_and_points');
