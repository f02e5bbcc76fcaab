import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';

/** Server messages of user saves are shown translated (spec 3 §8); unknown failures as 'Sorry' / 'Something went wrong...'. */
export const notifyUserFailure = (error: unknown): void => {
  const code = errorCodeOf(error);
  if (code === 'internal_error') return notifyGenericFailure();
  notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate(`errors.${code}`) });
};
