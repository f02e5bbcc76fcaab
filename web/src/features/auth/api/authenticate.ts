import { useMutation } from '@tanstack/react-query';
import type { AuthenticateRequest, LoginPayload } from '@shared/schemas/session';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const authenticate = (request: AuthenticateRequest): Promise<LoginPayload> =>
  callApi(API.authenticate, { body: request });

export const authenticateMutationOptions = () => ({
  mutationKey: ['session', 'authenticate'] as const,
  mutationFn: authenticate,
});

export const useAuthenticate = () => useMutation(authenticateMutationOptions());
