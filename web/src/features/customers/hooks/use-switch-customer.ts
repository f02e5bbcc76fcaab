import { notifyGenericFailure } from '../../../lib/notify';
import { startSession, useLoginPayload } from '../../../lib/session';
import { useChangeCustomer } from '../api/change-customer';

/**
 * Both change paths (header selector, small-screen menu group) go through here (spec 1 §4.2):
 * the current customer does nothing, success replaces the login data, failure warns.
 */
export const useSwitchCustomer = (onSwitched: () => void) => {
  const payload = useLoginPayload();
  const change = useChangeCustomer();
  const switchTo = (customerId: string | null) => {
    if (!customerId || customerId === payload.customer._id || change.isPending) return;
    change.mutate(customerId, {
      onSuccess: (next) => {
        startSession(next);
        onSwitched();
      },
      onError: notifyGenericFailure,
    });
  };
  return { current: payload.customer, customers: payload.customers, switchTo, pending: change.isPending };
};
