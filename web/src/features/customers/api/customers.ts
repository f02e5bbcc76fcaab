import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { customerDeletionState } from '@shared/customers/restore-window';
import type { CustomerInput } from '@shared/schemas/customer';
import { callApi, callApiForAnswer } from '../../../lib/http';

export const CUSTOMER_KEYS = {
  all: ['customers'] as const,
  list: ['customers', 'list'] as const,
  analytics: ['customers', 'analytics'] as const,
  one: (id: string) => ['customers', 'one', id] as const,
};

/**
 * Every customer; read again every few seconds while one is being purged, so that its purge's
 * progress shows (a deleted customer waiting out its restore window changes nothing meanwhile).
 */
export const customersQueryOptions = () =>
  queryOptions({
    queryKey: CUSTOMER_KEYS.list,
    queryFn: () => callApi(API.listCustomers, {}),
    refetchInterval: (query) => {
      const now = new Date();
      return query.state.data?.some((customer) => ['purge_due', 'purging'].includes(customerDeletionState(customer, now))) ? 3_000 : false;
    },
  });

/** Users, locations, points and last sign-in per customer: shown beside the list, loaded apart (it costs more). */
export const customerAnalyticsQueryOptions = () =>
  queryOptions({ queryKey: CUSTOMER_KEYS.analytics, queryFn: () => callApi(API.getCustomerAnalytics, {}) });

export const customerQueryOptions = (id: string) =>
  queryOptions({ queryKey: CUSTOMER_KEYS.one(id), queryFn: () => callApi(API.getCustomer, { params: { id } }) });

export const createCustomer = (input: CustomerInput) => callApi(API.createCustomer, { body: input });

export const updateCustomer = (id: string, input: CustomerInput) => callApi(API.updateCustomer, { body: { ...input, _id: id } });

/** Answers at once with 'Customer deletion in progress': the customer is deleted, restorable by root until its purge. */
export const deleteCustomer = (id: string) => callApiForAnswer(API.deleteCustomer, { params: { id } });

/** A deleted customer back whole, within its restore window (root only). */
export const restoreCustomer = (id: string) => callApiForAnswer(API.restoreCustomer, { params: { id } });
