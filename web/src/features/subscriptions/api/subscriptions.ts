import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { SubscriptionInput } from '@shared/schemas/subscription';
import { callApi } from '../../../lib/http';

export const SUBSCRIPTION_KEYS = {
  all: ['subscriptions'] as const,
  one: (id: string) => ['subscriptions', id] as const,
  reports: ['subscriptions', 'reports'] as const,
};

/** The subscriptions the request view shows (the list reloads after every change). */
export const subscriptionsQueryOptions = () => queryOptions({ queryKey: SUBSCRIPTION_KEYS.all, queryFn: () => callApi(API.listSubscriptions, {}) });

export const subscriptionQueryOptions = (id: string) =>
  queryOptions({ queryKey: SUBSCRIPTION_KEYS.one(id), queryFn: () => callApi(API.getSubscription, { params: { id } }) });

/** The reports a subscription may send: those the user may read. */
export const readableReportsQueryOptions = () =>
  queryOptions({ queryKey: SUBSCRIPTION_KEYS.reports, queryFn: () => callApi(API.listReports, {}), staleTime: 30_000 });

export const createSubscription = (input: SubscriptionInput) => callApi(API.createSubscription, { body: input });

export const updateSubscription = (id: string, input: SubscriptionInput) => callApi(API.updateSubscription, { body: { ...input, _id: id } });

export const deleteSubscription = (id: string) => callApi(API.deleteSubscription, { params: { id } });
