import { useMutation } from '@tanstack/react-query';
import { errorCodeOf } from '../../../lib/http';
import { downloadBlob } from '../../../lib/download-file';
import { translate } from '../../../lib/i18n';
import { notify } from '../../../lib/notify';
import { reportPdf } from '../api/reports';

/**
 * 'Export' of the report editor (spec 2 §2: exporting a report triggers a download): the pending
 * changes are saved first, then the PDF the server prints (it takes seconds) is handed to the
 * browser under the name the server gives it.
 */
export const usePdfDownload = (reportId: string, fallbackName: string, beforeDownload: () => Promise<void>) =>
  useMutation({
    mutationFn: async () => {
      await beforeDownload();
      return reportPdf(reportId);
    },
    onSuccess: ({ blob, fileName }) => downloadBlob(fileName ?? `${fallbackName}.pdf`, blob),
    onError: (error) => {
      const code = errorCodeOf(error);
      const message = code === 'report_render_failed' || code === 'report_not_found' ? translate(`errors.${code}`) : translate('errors.generic');
      notify({ kind: 'warning', title: translate('errors.titles.sorry'), message });
    },
  });
