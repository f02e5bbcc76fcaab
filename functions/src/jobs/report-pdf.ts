import type { Context } from 'aws-lambda';
import type { PrintRequest, PrintedReport } from '../services/report-print-service';
import { printReport } from '../services/report-print-service';
import { correlated } from '../logger';

/** The Chromium function: prints one report to PDF (see services/report-print-service). */
export const handler = correlated(
  (request: PrintRequest & { correlationId?: string }) => request.correlationId,
  (request: PrintRequest, _context: Context | undefined): Promise<PrintedReport> => printReport(request),
);
