import { LOCKED_ALERT_TIMEOUT_MS } from '@shared/constants';
import type { RequestErrorCode } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { dismissToast, notify } from '../../../lib/notify';
import { PROVIDER_NAME } from '../../../lib/brand';

const LOCKED_ALERT_ID = 'application-locked';

/** The big alert of a locked application stays 100 seconds (spec 1 §8). */
export const notifyApplicationLocked = (): void =>
  notify({
    id: LOCKED_ALERT_ID,
    kind: 'error',
    title: translate('errors.titles.locked'),
    message: translate('errors.application_locked', { provider: PROVIDER_NAME }),
    autoClose: LOCKED_ALERT_TIMEOUT_MS,
    big: true,
  });

/** A later successful sign-in (root keeps access to a locked application) clears the alert. */
export const dismissApplicationLocked = (): void => dismissToast(LOCKED_ALERT_ID);

/** Tells why a stored session could not be resumed, when the reason concerns the user. */
export const notifySessionRefusal = (code: RequestErrorCode): void => {
  if (code === 'application_locked') return notifyApplicationLocked();
  if (code === 'customer_deactivated') {
    return notify({ kind: 'error', title: translate('errors.titles.error'), message: translate('errors.customer_deactivated') });
  }
  notify({ kind: 'warning', title: translate('errors.titles.unauthorized'), message: translate('errors.access.login') });
};
