import { redirect } from '@tanstack/react-router';
import { decideAccess } from '@shared/permissions/abilities';
import type { ResourceKey } from '@shared/permissions/resource-keys';
import { renewSessionIfDue } from '../features/auth/hooks/renew-session';
import { translate } from '../lib/i18n';
import { notify } from '../lib/notify';
import { accessContextOf, getSession } from '../lib/session';
import { isLocked } from '../lib/lock';

/**
 * Route guard of spec 1 §6: answers 'Unauthorized' with the licence, rights or login message and
 * sends the user away.
 */
export const requireAccess = (key: ResourceKey | null, { preload }: { preload: boolean }): void => {
  const decision = decideAccess(accessContextOf(getSession()), key);
  if (decision === 'allowed') return;
  if (!preload) {
    notify({ kind: 'warning', title: translate('errors.titles.unauthorized'), message: translate(`errors.access.${decision}`) });
  }
  if (decision === 'login') throw redirect({ to: '/login' });
  // The dashboard is where refused pages send the user; refusing the dashboard itself ends the session.
  throw redirect({ to: key === 'app.dashboard' ? '/logout' : '/dashboard' });
};

/** The guard of the signed-in frame; every route change passes here, so the session is renewed here (spec 1 §4.1). */
export const requireSession = ({ preload }: { preload: boolean }): void => {
  requireAccess(null, { preload });
  // A locked session keeps its token but shows no page until the password is given (spec 1 §2.1).
  if (isLocked()) throw redirect({ to: '/lock' });
  if (!preload) renewSessionIfDue();
};

export const isSignedIn = (): boolean => accessContextOf(getSession()).loggedIn;
