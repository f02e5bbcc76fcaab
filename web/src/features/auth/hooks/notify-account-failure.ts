import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';

/** A refused forgot-password or registration: too many requests from this address is said as such; anything else is the generic failure. */
export const notifyAccountFailure = (error: unknown): void => {
  const code = errorCodeOf(error);
  if (code !== 'too_many_requests' && code !== 'too_many_attempts') return notifyGenericFailure();
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate(`errors.${code}`) });
};
