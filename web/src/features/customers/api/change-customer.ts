import { useMutation } from '@tanstack/react-query';
import type { LoginPayload } from '@shared/schemas/session';
import { apiPost } from '../../../lib/http';

export const changeCustomer = (customer: string): Promise<LoginPayload> =>
  apiPost<LoginPayload>('/v1/users/change-customer', { customer });

export const changeCustomerMutationOptions = () => ({
  mutationKey: ['session', 'change-customer'] as const,
  mutationFn: changeCustomer,
});

export const useChangeCustomer = () => useMutation(changeCustomerMutationOptions());
