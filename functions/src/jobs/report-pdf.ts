import type { Context } from 'aws-lambda';
import type { PrintRequest, PrintedReport, PrintingProbe } from '../services/report-print-service';
import { printReport, probePrinting } from '../services/report-print-service';
import { correlated } from '../logger';

/** A report to print, or `{ probe: true }`: launch Chromium once and say which answered. */
type ReportPdfEvent = (PrintRequest | { probe: true }) & { correlationId?: string };

/** The Chromium function: prints one report to PDF (see services/report-print-service). */
export const handler = correlated(
  (request: ReportPdfEvent) => request.correlationId,
  (request: ReportPdfEvent, _context: Context | undefined): Promise<PrintedReport | PrintingProbe> =>
    'probe' in request ? probePrinting() : printReport(request),
);
