import { CUSTOMER_KEYS } from '../features/customers/api/customers';
import { useCallback, useEffect, useMemo, useRef } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { useQueryClient } from '@tanstack/react-query';
import { Navigate, Outlet, useNavigate, useRouter } from '@tanstack/react-router';
import { can } from '@shared/permissions/abilities';
import { WIDGET_REFRESH_DELAY_MS } from '@shared/constants';
import type { LoginPayload } from '@shared/schemas/session';
import { CustomerMenuGroup } from '../features/customers/components/customer-menu-group';
import { CustomerSelector } from '../features/customers/components/customer-selector';
import { AppLogo } from '../features/customizations/components/app-logo';
import { SETTINGS_KEYS } from '../features/locations-settings/api/locations-and-points-queries';
import { FILES_KEYS } from '../features/files/api/files';
import { LocationNavTree } from '../features/locations/components/location-nav-tree';
import { unreadNotificationsQueryOptions } from '../features/notifications/api/get-unread-notifications';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { AlreadyConnectedModal } from '../features/realtime/components/already-connected-modal';
import { showJobProgress } from '../features/realtime/components/job-progress-toast';
import { useRealtime } from '../features/realtime/hooks/use-realtime';
import { useVendorSpy } from '../features/about/hooks/use-vendor-spy';
import { WIDGET_DATA_KEY } from '../features/widgets/api/widget-data';
import { collectAndFlush } from '../lib/collect-and-flush';
import { SavedDataIndicator } from '../features/saved-data/components/saved-data-indicator';
import { AppLayout } from '../features/shell/components/app-layout';
import { WeatherMenu } from '../features/weather/components/weather-menu';
import { VoiceCommandButton } from '../features/voice/components/voice-command-button';
import { preferencesOf } from '@shared/schemas/preferences';
import { changeLanguage, currentLanguage, hasStoredLanguage } from '../lib/i18n';
import { playChime } from '../lib/sound';
import { endSession, permissionsOf, useSession } from '../lib/session';

const NOTIFICATIONS_KEY = unreadNotificationsQueryOptions().queryKey.slice(0, 1);

/** `confirmed`: the session is not a provisional one whose renewal is still out (lib/session.ts). */
const SignedInLayout = ({ payload, confirmed }: { payload: LoginPayload; confirmed: boolean }) => {
  const queryClient = useQueryClient();
  const router = useRouter();
  const navigate = useNavigate();
  const permissions = permissionsOf(payload);
  const canSwitchCustomer = can(permissions, 'app.show_all_customers');
  useVendorSpy(payload.communication.can_from_server, payload.machine_id);

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries();
    void router.invalidate();
  }, [queryClient, router]);

  // The user stays on the page; a location belongs to the previous customer, so it gives way to the dashboard.
  const onCustomerSwitched = useCallback(() => {
    void queryClient.invalidateQueries();
    if (router.state.location.pathname.startsWith('/locations/')) void navigate({ to: '/dashboard' });
    else void router.invalidate();
  }, [queryClient, router, navigate]);

  const logout = useCallback(() => void navigate({ to: '/logout' }), [navigate]);
  const preferences = preferencesOf(payload.user.preferences);

  // The user's own language applies where this browser holds no choice of its own (a new device).
  const userLanguage = payload.user.language;
  useEffect(() => {
    if (userLanguage && !hasStoredLanguage() && userLanguage !== currentLanguage()) void changeLanguage(userLanguage, { remember: false });
  }, [userLanguage]);

  // A short sound when notifications (alerts, reminders) arrive, unless the profile turned it off.
  const soundOn = useRef(preferences.sound);
  soundOn.current = preferences.sound;

  // Widgets showing a point with new values refresh 5 s after the last news (spec 1 §4.5), not the whole page.
  const newData = useMemo(
    () =>
      collectAndFlush<string>(WIDGET_REFRESH_DELAY_MS, (points) =>
        void queryClient.invalidateQueries({
          queryKey: WIDGET_DATA_KEY,
          predicate: (query) => [...points].some((point) => JSON.stringify(query.queryKey).includes(`"${point}"`)),
        }),
      ),
    [queryClient],
  );
  useEffect(() => () => newData.cancel(), [newData]);

  const realtime = useRealtime(
    confirmed
      ? {
          token: payload.user.jwt,
          userId: payload.user._id,
          role: payload.user.internal_role,
          customerId: payload.customer._id,
        }
      : null,
    {
      onLogoutRequested: () => {
        endSession();
        queryClient.clear();
        void navigate({ to: '/' });
      },
      // The bell's count and the notifications list (both under ['notifications']).
      onNewNotifications: () => {
        if (soundOn.current) playChime();
        void queryClient.invalidateQueries({ queryKey: NOTIFICATIONS_KEY });
      },
      onNewData: (points) => newData.add(points),
      onFilesChanged: () => void queryClient.invalidateQueries({ queryKey: FILES_KEYS.lists }),
      onCustomersChanged: () => void queryClient.invalidateQueries({ queryKey: CUSTOMER_KEYS.all }),
      onJobProgress: (progress) => {
        showJobProgress(progress);
        // A finished merge or calculation changes the points lists of the settings screen.
        if (progress.state !== 'running') void queryClient.invalidateQueries({ queryKey: SETTINGS_KEYS.allPoints });
      },
      // Whatever those events reload, reloaded once: the screens shown ask again, the others when opened.
      onReconnected: () => {
        for (const queryKey of [WIDGET_DATA_KEY, NOTIFICATIONS_KEY, FILES_KEYS.lists, CUSTOMER_KEYS.all, SETTINGS_KEYS.allPoints])
          void queryClient.invalidateQueries({ queryKey });
      },
    },
  );

  // The confirmations of signed-in pages; here rather than around the app, so the sign-in page does not carry Mantine's modals.
  return (
    <ModalsProvider>
      <AppLayout
        logo={<AppLogo />}
        headerActions={
          <>
            {preferences.voice_commands && <VoiceCommandButton onNavigate={(path) => void navigate({ to: path })} />}
            <WeatherMenu />
            <SavedDataIndicator />
            {can(permissions, 'app.notifications') && <NotificationBell onShowAll={() => void navigate({ to: '/notifications' })} />}
          </>
        }
        customerSelector={canSwitchCustomer ? <CustomerSelector onSwitched={onCustomerSwitched} /> : null}
        customerMenuGroup={canSwitchCustomer ? <CustomerMenuGroup onSwitched={onCustomerSwitched} /> : null}
        locationsTree={(label) => <LocationNavTree label={label} />}
        onRefresh={refresh}
      >
        <Outlet />
      </AppLayout>
      {realtime.alreadyConnectedCountdown !== null && (
        <AlreadyConnectedModal seconds={realtime.alreadyConnectedCountdown} onElapsed={logout} />
      )}
    </ModalsProvider>
  );
};

/** The frame of every signed-in page; a session that ends under it sends the user to the login. */
export const AppLayoutRoute = () => {
  const session = useSession();
  if (session.status !== 'logged-in') return <Navigate to="/login" replace />;
  return <SignedInLayout payload={session.payload} confirmed={!session.provisional} />;
};
