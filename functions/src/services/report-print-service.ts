import { randomUUID } from 'node:crypto';
import type { Browser } from 'puppeteer-core';
import type { LanguageKey } from '@shared/constants';
import { REPORT_PAGE_SIZES, type Report } from '@shared/schemas/report';
import { AppError } from '../errors';
import { launchChromium } from '../clients/chromium';
import { config, requireSetting } from '../config';
import { storeReportPdf } from '../data/report-pdf-repository';
import { getReport } from '../data/report-repository';
import { getUser } from '../data/user-repository';
import { logger } from '../logger';
import { zoneOfCustomer } from './customer-zone';
import { datedFileName } from './export-file';
import { requireAppUrl } from '../clients/app-url';
import { issuePrintToken } from './token-service';

/** What the Chromium function is asked: one report of one customer, in one language. */
export interface PrintRequest {
  customerId: string;
  reportId: string;
  language: LanguageKey;
}

/** Where the printed report waits (read once, then deleted) and what it is. */
export interface PrintedReport {
  key: string;
  fileName: string;
  pages: number;
}

/** How long the print page may take to draw every widget before the printing fails. */
const READY_TIMEOUT_MS = 45_000;
/** A printing that fails is tried once more, then fails loudly. */
const ATTEMPTS = 2;

/** The report's owner, as whom its widgets are drawn: a user of the customer, or a super user. */
const ownerOf = async (report: Report) => {
  const owner = (await getUser(report.customer, report.user)) ?? (await getUser(null, report.user));
  if (!owner) throw new AppError('report_render_failed', { details: `Report ${report._id} has no owner ${report.user}` });
  return owner;
};

/**
 * What the print page may load: the web app (its files and, through it, the API), the documents
 * bucket's signed addresses (the images) and inline data. A report's text is customer HTML: an
 * image or frame pointing elsewhere (the metadata address, a private host) is never fetched.
 */
export const isPrintRequestAllowed = (url: string, appOrigin: string, documentsBucket: string, s3Endpoint: string | null = null): boolean => {
  if (url.startsWith('data:') || url.startsWith('blob:')) return true;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return false;
  }
  if (parsed.origin === appOrigin) return true;
  if (!parsed.searchParams.has('X-Amz-Signature')) return false;
  // S3's own host names, the bucket's (virtual-hosted) or the service's with the bucket in the path; or the emulator's endpoint.
  const virtualHosted = parsed.protocol === 'https:' && parsed.hostname.startsWith(`${documentsBucket}.s3.`) && parsed.hostname.endsWith('.amazonaws.com');
  const s3Host = parsed.protocol === 'https:' && /^s3([.-][a-z0-9-]+)*\.amazonaws\.com$/.test(parsed.hostname);
  const pathStyle = parsed.pathname.startsWith(`/${documentsBucket}/`) && (s3Host || (s3Endpoint !== null && parsed.origin === new URL(s3Endpoint).origin));
  return virtualHosted || pathStyle;
};

/**
 * Opens the report's print page and prints it: every page at the report's size. The page says
 * `data-report-ready="true"` once each widget has drawn its data, `"error"` when one could not.
 */
const printPage = async (url: string, report: Report): Promise<Uint8Array> => {
  const size = REPORT_PAGE_SIZES[report.orientation];
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const page = await browser.newPage();
    const appOrigin = new URL(url).origin;
    const bucket = requireSetting('DOCUMENTS_BUCKET');
    await page.setRequestInterception(true);
    page.on('request', (request) => {
      if (isPrintRequestAllowed(request.url(), appOrigin, bucket, config.AWS_ENDPOINT_URL ?? null)) void request.continue();
      else {
        logger.warn('print page request refused', { url: request.url().slice(0, 200) });
        void request.abort('blockedbyclient');
      }
    });
    await page.setViewport({ width: size.width, height: size.height });
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    const ready = await page.waitForFunction(() => {
      const state = document.querySelector('[data-report-ready]')?.getAttribute('data-report-ready');
      return state === 'true' || state === 'error' ? state : false;
    }, { timeout: READY_TIMEOUT_MS, polling: 100 });
    if ((await ready.jsonValue()) !== 'true') throw new Error('The print page could not draw every widget');
    return await page.pdf({ width: `${size.width}px`, height: `${size.height}px`, printBackground: true, preferCSSPageSize: true });
  } finally {
    await browser?.close();
  }
};

/** Which Chromium prints: its version and its binary. */
export interface PrintingProbe {
  browser: string;
  executable: string;
}

/** Launches Chromium once, as a printing would, and says which one answered (`npm start` says whether printing is ready). */
export const probePrinting = async (): Promise<PrintingProbe> => {
  const browser = await launchChromium();
  try {
    return { browser: await browser.version(), executable: browser.process()?.spawnfile ?? 'unknown' };
  } finally {
    await browser.close();
  }
};

/** The Chromium function's work: the report printed as its owner sees it, left in the documents bucket. */
export const printReport = async ({ customerId, reportId, language }: PrintRequest): Promise<PrintedReport> => {
  const report = await getReport(customerId, reportId);
  if (!report) throw new AppError('report_not_found');
  const owner = await ownerOf(report);
  const token = await issuePrintToken({ userId: owner._id, customerId, homeCustomerId: owner.customer, role: owner.internal_role, reportId });
  const zone = await zoneOfCustomer(customerId);
  const url = `${await requireAppUrl()}/reports/phantom/edit/${encodeURIComponent(reportId)}/${token}?${new URLSearchParams({ lang: language, tz: zone })}`;
  let pdf: Uint8Array | undefined;
  for (let attempt = 1; !pdf; attempt += 1) {
    try {
      pdf = await printPage(url, report);
    } catch (error) {
      logger.warn('report printing failed', { customerId, reportId, attempt, error: String(error) });
      if (attempt >= ATTEMPTS) throw new AppError('report_render_failed', { cause: error });
    }
  }
  const key = await storeReportPdf(customerId, reportId, randomUUID(), pdf);
  return { key, fileName: datedFileName(report.name, 'pdf', Date.now(), zone, 'report'), pages: report.content.pages.length };
};
