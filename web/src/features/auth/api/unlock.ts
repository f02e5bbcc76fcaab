import { useMutation } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

/** The lock screen's password, checked by the server; a renewed login payload comes back. */
export const useUnlock = () =>
  useMutation({ mutationKey: ['session', 'unlock'] as const, mutationFn: (password: string) => callApi(API.unlock, { body: { password } }) });
