import { lazy, Suspense, useEffect, useMemo } from 'react';
import { MantineProvider } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { LocalizedDatesProvider } from './components/localized-dates-provider';
import { PendingAuthentication } from './features/auth/components/pending-authentication';
import { useRestoreSession } from './features/auth/hooks/use-restore-session';
import { onRedirectAction } from './lib/http';
import { translate } from './lib/i18n';
import { notify } from './lib/notify';
import { createQueryClient } from './lib/query-client';
import { pathOfState } from './lib/state-path';
import { endSession, getSession, isRestoring, subscribeSession, useSessionWith } from './lib/session';
import { createAppRouter, loadCodeOfPath, warmDataOfPath } from './routes/router';
import { applySkinToDocument, skinOf, themeOfSkin } from './lib/skins';
import { cssVariablesResolver } from './theme';

const queryClient = createQueryClient({
  onSessionRejected: () => {
    // A provisional session's fate is the renewal's to tell (use-restore-session), not a first call's 401.
    const session = getSession();
    if (session.status !== 'logged-in' || session.provisional) return;
    endSession();
    notify({ kind: 'warning', title: translate('errors.titles.unauthorized'), message: translate('errors.access.login') });
  },
  // One box however many calls were refused at once (its id), saying how long to wait.
  onRateLimited: (seconds) =>
    notify({ kind: 'warning', id: 'rate-limited', title: translate('errors.titles.sorry'), message: translate('errors.rate_limited_wait', { seconds }) }),
});

/**
 * The alert boxes' container loads beside the first screen rather than in it; `notify` writes to
 * Mantine's store, which keeps what was shown before it came and shows it when it mounts.
 */
const Notifications = lazy(() => import('@mantine/notifications').then((module) => ({ default: module.Notifications })));

const router = createAppRouter(queryClient);
/** Called at boot, once the first screen's calls are out: the code of the path's pages, while the stored session is renewed. */
export const loadFirstScreenCode = (): void => {
  if (isRestoring(getSession())) loadCodeOfPath(router, window.location.pathname);
};

// Stored credentials whose renewal was refused: what the first screen asked with them is not kept
// for whoever signs in next, and the pages drawn for them meanwhile are guarded again (to the sign-in).
let wasRestoring = isRestoring(getSession());
subscribeSession(() => {
  const session = getSession();
  if (wasRestoring && session.status === 'logged-out') {
    queryClient.clear();
    void router.invalidate();
  }
  wasRestoring = isRestoring(session);
});

/**
 * Called at boot once the configuration is read, right after the stored session's renewal was
 * asked: a provisional session's first screen data is asked with the stored token beside it (a
 * refused renewal ends the session and these answers are not shown).
 */
export const warmFirstScreen = (): void => {
  const session = getSession();
  if (session.status === 'logged-in' && session.provisional) warmDataOfPath(router, queryClient, window.location.pathname);
};
onRedirectAction((state) => void router.navigate({ to: pathOfState(state) }));

/**
 * A pending authentication that moves to another customer shows a loader until it is settled; a
 * provisional session's pages are drawn at once, while its renewal is out.
 */
const SessionGate = () => {
  useRestoreSession();
  const pending = useSessionWith((session) => session.status === 'pending');
  if (pending) return <PendingAuthentication />;
  return <RouterProvider router={router} />;
};

/** The signed-in user's skin (spec 1 §9), applied at once when the profile changes it. */
const useSkin = () => skinOf(useSessionWith((session) => (session.status === 'logged-in' ? session.payload.user.preferences?.skin : null)));

export const App = () => {
  const skin = useSkin();
  const { t, i18n } = useTranslation();
  const theme = useMemo(() => themeOfSkin(skin, { close: t('buttons.close'), clear: t('buttons.clearValue') }), [skin, t, i18n.language]);
  useEffect(() => applySkinToDocument(skin), [skin]);
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <LocalizedDatesProvider>
          <Suspense fallback={null}>
            <Notifications position="bottom-right" zIndex={1000} />
          </Suspense>
          <SessionGate />
        </LocalizedDatesProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
};
