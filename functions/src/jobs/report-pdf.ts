import type { PrintRequest, PrintedReport } from '../services/report-print-service';
import { printReport } from '../services/report-print-service';

/** The Chromium function: prints one report to PDF (see services/report-print-service). */
export const handler = async (request: PrintRequest): Promise<PrintedReport> => printReport(request);
