import { useMutation } from '@tanstack/react-query';
import type { AuthenticateRequest, LoginPayload } from '@shared/schemas/session';
import { apiPost } from '../../../lib/http';

export const authenticate = (request: AuthenticateRequest): Promise<LoginPayload> =>
  apiPost<LoginPayload>('/v1/users/authenticate', request);

export const authenticateMutationOptions = () => ({
  mutationKey: ['session', 'authenticate'] as const,
  mutationFn: authenticate,
});

export const useAuthenticate = () => useMutation(authenticateMutationOptions());
