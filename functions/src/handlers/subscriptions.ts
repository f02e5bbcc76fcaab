import { createHttpHandler } from '../middleware/http-handler';
import { createSubscription, deleteSubscriptionOf, getSubscriptionOf, listSubscriptions, updateSubscriptionOf } from '../services/subscription-service';

export const handler = createHttpHandler('subscriptions', {
  listSubscriptions: ({ caller }) => listSubscriptions(caller),
  getSubscription: ({ caller, params }) => getSubscriptionOf(caller, params.id),
  createSubscription: ({ caller, body }) => createSubscription(caller, body),
  updateSubscription: ({ caller, body }) => updateSubscriptionOf(caller, body),
  deleteSubscription: ({ caller, params }) => deleteSubscriptionOf(caller, params.id),
});
