import { LOADING_READY_MAX_MS } from '@shared/constants';
import type { AutoLoginRequest, LoginPayload } from '@shared/schemas/session';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';
import { completeRenewedPayload, stampOfHeld, type HeldLocations } from '../../../lib/renewed-payload';

/**
 * Exchanges a stored, unexpired token for a fresh login payload. It is called outside React (at
 * start and on route changes), so it has no hook. It never waits past the loading limit.
 *
 * `held`: the locations of the payload the session has. Their stamp goes with the request, and
 * while they are still the visible ones the server leaves them out of its answer (at 1,000 sites,
 * ~500 KiB of its ~510): the payload is completed with these.
 */
export const autoLogin = async (request: Omit<AutoLoginRequest, 'locations_stamp'>, held: HeldLocations | null): Promise<LoginPayload> =>
  completeRenewedPayload(await callApi(API.autoLogin, { body: { ...request, locations_stamp: stampOfHeld(held) }, timeoutMs: LOADING_READY_MAX_MS }), held);
