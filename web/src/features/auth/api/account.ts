import { API } from '@shared/api/routes';
import type { ForgotPasswordRequest, RegistrationRequest, SetPasswordRequest } from '@shared/schemas/user-admin';
import { callApi } from '../../../lib/http';

export const register = (request: RegistrationRequest) => callApi(API.register, { body: request });

export const forgotPassword = (request: ForgotPasswordRequest) => callApi(API.forgotPassword, { body: request });

export const setPassword = (request: SetPasswordRequest) => callApi(API.setPassword, { body: request });
