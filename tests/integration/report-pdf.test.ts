import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Report } from '@shared/schemas/report';
import { fromRoot } from '../../infra/lib/paths';
import { api, login } from '../support/api';
import { testEnvironment } from '../support/environment';

/** Reports printed to PDF by the Chromium function (spec 2 §7 `GET /exports/reports/{id}`), read back with Poppler. */

let admin: string;
const made: string[] = [];

const chart = { type: 'chart', title: 'Électricité du mois', points: [{ _id: 'pt-elec-index', calculation: 'diff', type: 'column', color: '#1c7ed6' }] };
const picture = { type: 'image', title: 'Le site', image: { source: 'img-demo-site' } };
const text = { type: 'text', title: 'Commentaire', text: '<p>Consommation du site</p>' };

/** The Chromium milestone of the Lambda build the deployment prints with (the package's major version). */
const LAMBDA_CHROMIUM_MILESTONE = (JSON.parse(readFileSync(fromRoot('node_modules/@sparticuz/chromium/package.json'), 'utf8')) as { version: string }).version.split('.')[0];

const download = (reportId: string, token: string, language = 'fr') =>
  fetch(`${testEnvironment().restBaseUrl}/api/v1/exports/reports/${reportId}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf', language } });

/** What Poppler reads in a PDF: its page count, its first page's size in points, its text. */
const readPdf = (content: Buffer) => {
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'report-pdf-')), 'report.pdf');
  writeFileSync(file, content);
  const info = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
  const [, width, height] = /Page size:\s+([\d.]+) x ([\d.]+) pts/.exec(info) ?? [];
  // pdfimages lists the raster pictures (charts are vector drawings): one line per picture after two of headers.
  const images = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' }).trim().split('\n').length - 2;
  const producer = /Producer:\s+(.+)/.exec(info)?.[1].trim();
  return { pages: Number(/Pages:\s+(\d+)/.exec(info)?.[1]), width: Number(width), height: Number(height), images, producer, text: execFileSync('pdftotext', ['-layout', file, '-'], { encoding: 'utf8' }) };
};

beforeAll(async () => {
  admin = (await login('premiumAdministrator')).user.jwt;
});

afterAll(async () => {
  for (const id of made) await api('DELETE', `/api/v1/reports/${id}`, { token: admin });
});

const createReport = async (body: unknown): Promise<Report> => {
  const report = (await api<Report>('POST', '/api/v1/reports', { token: admin, body })).body.data!;
  made.push(report._id);
  return report;
};

describe('a report printed to PDF', () => {
  it("has the report's pages at its size, its widgets' titles and texts, under a dated file name, printed by the Lambda build of Chromium", async () => {
    const report = await createReport({ name: 'Rapport imprimé', orientation: 'landscape', content: { pages: [[chart, text], [{ ...chart, title: 'Deuxième page' }]] } });
    const answer = await download(report._id, admin);
    expect(answer.status, await answer.clone().text()).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/pdf');
    expect(answer.headers.get('content-disposition')).toMatch(/^attachment; filename="Rapport_imprime_\d{4}-\d{2}-\d{2}\.pdf"/);
    const pdf = Buffer.from(await answer.arrayBuffer());
    expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
    const read = readPdf(pdf);
    expect(read.pages).toBe(2);
    // 1102 × 783 CSS pixels are 826.5 × 587.25 points (Chromium rounds the paper to a hundredth of an inch).
    expect(Math.abs(read.width - 826.5)).toBeLessThan(1);
    expect(Math.abs(read.height - 587.25)).toBeLessThan(1);
    for (const words of ['Électricité du mois', 'Commentaire', 'Consommation du site', 'Deuxième page']) expect(read.text).toContain(words);
    // Skia names the Chromium milestone that drew it: the Lambda build AWS prints with (@sparticuz/chromium's major
    // version), not a Chromium of the machine; and the texts above are drawn, its fonts found where it unpacked them.
    expect(read.producer).toBe(`Skia/PDF m${LAMBDA_CHROMIUM_MILESTONE}`);
  });

  it("prints a portrait report at 770 × 1112 pixels, one page per page even when empty, with its image widget's picture", async () => {
    const report = await createReport({ name: 'Portrait', content: { pages: [[text], [], [text, picture]] } });
    const answer = await download(report._id, admin);
    expect(answer.status).toBe(200);
    const read = readPdf(Buffer.from(await answer.arrayBuffer()));
    expect(read.pages).toBe(3);
    expect(read.images).toBeGreaterThanOrEqual(1);
    expect(Math.abs(read.width - 577.5)).toBeLessThan(1);
    expect(Math.abs(read.height - 834)).toBeLessThan(1);
  });

  // The route walk checks the premium gate and another customer's id on every route, this one included.
  it('answers 404 for a report that does not exist, and prints nothing for it', async () => {
    const answer = await download('rep-unknown', admin);
    expect(answer.status).toBe(404);
    expect(((await answer.json()) as { msg: string }).msg).toBe('report_not_found');
  });
});
