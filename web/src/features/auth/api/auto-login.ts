import { LOADING_READY_MAX_MS } from '@shared/constants';
import type { AutoLoginRequest, LoginPayload } from '@shared/schemas/session';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

/**
 * Exchanges a stored, unexpired token for a fresh login payload. It is called outside React (at
 * start and on route changes), so it has no hook. It never waits past the loading limit.
 */
export const autoLogin = (request: AutoLoginRequest): Promise<LoginPayload> =>
  callApi(API.autoLogin, { body: request, timeoutMs: LOADING_READY_MAX_MS });
