import { useMutation } from '@tanstack/react-query';
import type { LoginPayload } from '@shared/schemas/session';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

export const changeCustomer = (customer: string): Promise<LoginPayload> =>
  callApi(API.changeCustomer, { body: { customer } });

export const changeCustomerMutationOptions = () => ({
  mutationKey: ['session', 'change-customer'] as const,
  mutationFn: changeCustomer,
});

export const useChangeCustomer = () => useMutation(changeCustomerMutationOptions());
