import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';

/** A failed call as a translated toast: the server's code ('Fields name, report and to (email) are required' …), else 'Sorry' / 'Something went wrong...'. */
export const notifySubscriptionFailure = (error: unknown): void => {
  const code = errorCodeOf(error);
  if (code === 'internal_error') return notifyGenericFailure();
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate(`errors.${code}`) });
};
