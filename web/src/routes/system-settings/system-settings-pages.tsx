import { can } from '@shared/permissions/abilities';
import { isSuperUser } from '@shared/permissions/roles';
import { AclMatrix } from '../../features/acl/components/acl-matrix';
import { LoginAnalyticsScreen } from '../../features/login-analytics/components/login-analytics-screen';
import { NotificationSettingsForm } from '../../features/notification-settings/components/notification-settings-form';
import { SystemConfigForm } from '../../features/system-config/components/system-config-form';
import { identityOf, permissionsOf, useLoginPayload } from '../../lib/session';

/** /settings/application/acl: the product defaults are the super users' (they hold the system configuration key). */
export const AclPage = () => {
  const permissions = permissionsOf(useLoginPayload());
  return (
    <AclMatrix
      canEdit={can(permissions, 'app.settings.application.acl', 'edit')}
      canEditDefaults={can(permissions, 'app.settings.system.configuration', 'edit')}
    />
  );
};

export const NotificationSettingsPage = () => (
  <NotificationSettingsForm canEdit={can(permissionsOf(useLoginPayload()), 'app.settings.application.notifications', 'edit')} />
);

export const SystemConfigPage = () => <SystemConfigForm canEdit={can(permissionsOf(useLoginPayload()), 'app.settings.system.configuration', 'edit')} />;

export const LoginAnalyticsPage = () => {
  const payload = useLoginPayload();
  return <LoginAnalyticsScreen canAct={isSuperUser(identityOf(payload))} currentUserId={payload.user._id} />;
};
