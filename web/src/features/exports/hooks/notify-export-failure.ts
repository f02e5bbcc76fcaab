import { errorCodeOf } from '../../../lib/http';
import { translate } from '../../../lib/i18n';
import { notify, notifyGenericFailure } from '../../../lib/notify';

/** An export's failures: its own messages, and the generic 'Something went wrong...' otherwise (spec 2 §8). */
export const notifyExportFailure = (error: unknown): void => {
  const code = errorCodeOf(error);
  if (code === 'export_recipients_required' || code === 'export_emails_off') return notify({ kind: 'warning', title: translate('errors.titles.sorry'), message: translate(`errors.${code}`) });
  notifyGenericFailure();
};
