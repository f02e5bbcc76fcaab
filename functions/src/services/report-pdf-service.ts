import { InvokeCommand } from '@aws-sdk/client-lambda';
import type { LanguageKey } from '@shared/constants';
import { AppError } from '../errors';
import { lambda } from '../clients/lambda';
import { requireSetting } from '../config';
import { takeReportPdf } from '../data/report-pdf-repository';
import type { PrintRequest, PrintedReport } from './report-print-service';
import { correlationFields } from '../logger';

/** A report printed to PDF: the file and what it holds. */
export interface ReportPdf {
  fileName: string;
  content: Buffer;
  pages: number;
}

/**
 * A report printed to PDF as its owner sees it, in `language`: the Chromium function opens the
 * report's print page with a print token and prints every page at the report's size.
 * Throws `report_not_found` for a report the customer does not hold, `report_render_failed`
 * when the printing failed.
 */
export const renderReportPdf = async (customerId: string, reportId: string, language: LanguageKey): Promise<ReportPdf> => {
  const answer = await lambda.send(
    new InvokeCommand({
      FunctionName: requireSetting('REPORT_PDF_FUNCTION'),
      Payload: new TextEncoder().encode(JSON.stringify({ customerId, reportId, language, ...correlationFields() } satisfies PrintRequest & { correlationId?: string })),
    }),
  );
  const payload = answer.Payload ? JSON.parse(new TextDecoder().decode(answer.Payload)) : null;
  if (answer.FunctionError) {
    const code = (payload as { errorMessage?: string } | null)?.errorMessage;
    throw new AppError(code === 'report_not_found' ? 'report_not_found' : 'report_render_failed', { details: payload });
  }
  const printed = payload as PrintedReport;
  return { fileName: printed.fileName, pages: printed.pages, content: await takeReportPdf(customerId, reportId, printed.key) };
};
