import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { useSwitchCustomer } from '../../features/customers/hooks/use-switch-customer';
import { NotificationsList } from '../../features/notifications/components/notifications-list';
import { permissionsOf, useLoginPayload } from '../../lib/session';

/** /notifications: the customer link (super users and root) moves the session to that customer. */
export const NotificationsPage = () => {
  const queryClient = useQueryClient();
  const router = useRouter();
  const onSwitched = useCallback(() => {
    void queryClient.invalidateQueries();
    void router.invalidate();
  }, [queryClient, router]);
  const { switchTo } = useSwitchCustomer(onSwitched);
  const showCustomerLink = can(permissionsOf(useLoginPayload()), 'app.show_all_customers');
  return <NotificationsList showCustomerLink={showCustomerLink} onOpenCustomer={switchTo} />;
};
