import * as z from 'zod';
import { idSchema } from '../../schemas/common';
import { subscriptionInputSchema, subscriptionSchema } from '../../schemas/subscription';
import { route, byId, type GroupRoutes } from '../define-route';

const SUBSCRIPTIONS = { permission: 'app.reports.subscriptions' } as const;

/** The routes the `subscriptions` function serves. */
export const subscriptionsRoutes = {
  // Report subscriptions (spec 2 §7 "Reports and subscriptions"): premium through their permission key; owned objects.
  listSubscriptions: route('GET', '/api/v1/subscriptions', 'subscriptions', {
    ...SUBSCRIPTIONS,
    response: z.array(subscriptionSchema),
    owned: { kind: 'subscription', intent: 'list' },
  }),
  getSubscription: route('GET', '/api/v1/subscriptions/{id}', 'subscriptions', {
    ...SUBSCRIPTIONS,
    params: byId,
    response: subscriptionSchema,
    owned: { kind: 'subscription', intent: 'read', id: { in: 'params', field: 'id' } },
  }),
  createSubscription: route('POST', '/api/v1/subscriptions', 'subscriptions', {
    ...SUBSCRIPTIONS,
    action: 'create',
    body: subscriptionInputSchema,
    response: subscriptionSchema,
    owned: { kind: 'subscription', intent: 'create' },
  }),
  updateSubscription: route('PUT', '/api/v1/subscriptions', 'subscriptions', {
    ...SUBSCRIPTIONS,
    action: 'edit',
    body: subscriptionInputSchema.extend({ _id: idSchema }),
    response: subscriptionSchema,
    owned: { kind: 'subscription', intent: 'modify', id: { in: 'body', field: '_id' } },
  }),
  deleteSubscription: route('DELETE', '/api/v1/subscriptions/{id}', 'subscriptions', {
    ...SUBSCRIPTIONS,
    action: 'delete',
    params: byId,
    response: z.object({ deleted: idSchema }),
    owned: { kind: 'subscription', intent: 'modify', id: { in: 'params', field: 'id' } },
  }),
} satisfies GroupRoutes<'subscriptions'>;
