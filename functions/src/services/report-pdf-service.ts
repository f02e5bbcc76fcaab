import type { LanguageKey } from '@shared/constants';

/** A report printed to PDF: the file and what it holds. */
export interface ReportPdf {
  fileName: string;
  content: Buffer;
  pages: number;
}

/**
 * A report printed to PDF as its owner sees it, in `language`: the Chromium function opens the
 * report's print page with a print token and prints every page at the report's size.
 * Throws `report_not_found` for a report the customer does not hold.
 */
export const renderReportPdf = async (customerId: string, reportId: string, language: LanguageKey): Promise<ReportPdf> => {
  void customerId;
  void reportId;
  void language;
  throw new Error('renderReportPdf: the Chromium function is being written');
};
