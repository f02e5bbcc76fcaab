import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import * as path from 'node:path';
import { DateTime } from 'luxon';
import { buildWeb } from '../../infra/local/build-web';
import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import { startWebServer } from '../../infra/local/web-server';
import type { ExportCell, ExportFileType } from '../../shared/src/schemas/export';
import { argument, benchApi } from './bench-api';

/**
 * `npm run bench:reports [-- --runs 5]` — issue 20's benchmark.
 *
 * Reports: a 4-page report of 12 widgets (charts, a pie, a table) over the bench's data printed to
 * PDF through the deployed route and the Chromium function, p50 of the runs, in seconds per page;
 * a 1-page report of 3 widgets is the baseline measured in the same run (its time holds Chromium's
 * start, which a longer report shares over more pages). Target: ≤ 2 s per page.
 *
 * Exports: an XLSX and a CSV of a grid of monthly point_data cells (26 points across, one row per month) over 5 years of
 * daily values, made in this process against the deployed tables exactly as the route makes them
 * (the grid read through the series engine, the file written, stored and linked). Grids of 15, 30
 * and 60 months: the first is the baseline, and time and peak memory are printed per cell as ratios
 * against it — they should not grow faster than the cells. The last line is machine-readable.
 */
const RUNS = Number(argument('runs', '5'));
const PORT = Number(argument('port', '4597'));
const WEB_PORT = Number(argument('web-port', '8197'));
const POINTS = 26;
const ZONE = 'Europe/Paris';
const CUSTOMER = 'cust-energie-plus';
const END = DateTime.fromISO('2026-11-01T00:00:00', { zone: ZONE });
const START = END.minus({ years: 5 });
const SIZES = [15, 30, 60];

const percentile = (values: number[], share: number): number => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(values.length * share))];

/** The highest heap use while `work` runs, above what was in use before it (sampled every 5 ms). */
const peakHeapOf = async <T>(work: () => Promise<T>): Promise<{ result: T; peakMiB: number }> => {
  global.gc?.();
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 5);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, peakMiB: (peak - before) / 1024 / 1024 };
  } finally {
    clearInterval(timer);
  }
};

const main = async () => {
  const emulator = await startEmulator(PORT, 'bench-exports');
  let web: Awaited<ReturnType<typeof startWebServer>> | undefined;
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const [deployment] = await Promise.all([deployToEmulator(emulator.endpoint, 'bench-exports', { appUrl: `http://127.0.0.1:${WEB_PORT}` }), buildWeb()]);
    web = await startWebServer(deployment, WEB_PORT);
    const passwords = generateDemoPasswords();
    await seedDemoData(deployment, passwords);
    Object.assign(process.env, { ENTITIES_TABLE: deployment.entitiesTable, SERIES_TABLE: deployment.seriesTable, DOCUMENTS_BUCKET: deployment.documentsBucket });
    const { pointsOfCustomerById } = await import('../../functions/src/services/series-service');
    const { storeValuesInBulk } = await import('../../functions/src/services/series-write-service');
    const { createExport, exportFileLink, viewExport } = await import('../../functions/src/services/export-service');
    const { exportInputSchema } = await import('../../shared/src/schemas/export');

    const api = benchApi(deployment.restBaseUrl);
    const login = await api('POST', '/api/v1/users/authenticate', null, { user: { email: 'admin@energie-plus.example', password: passwords.premiumAdministrator } });
    const token = login.data.user.jwt as string;
    const caller = { userId: login.data.user._id as string, customerId: CUSTOMER, homeCustomerId: CUSTOMER, role: 'administrator' as const, isRoot: false, remember: false };

    const pointIds: string[] = [];
    for (let point = 0; point < POINTS; point += 1) {
      const created = await api('POST', '/api/v1/points', token, {
        name: `Compteur ${String.fromCharCode(65 + point)}`,
        technical_id: `BENCH-EXPORT-${point}`,
        resource: 'electricity',
        series_type: 'index',
        unit: 'kWh',
        location: ['loc-lyon-a'],
      });
      if (!created.res) throw new Error(`Point not created: ${created.msg}`);
      pointIds.push(created.data._id);
    }
    const points = await pointsOfCustomerById(CUSTOMER);
    const loading = performance.now();
    let rows = 0;
    for (let year = START; year < END; year = year.plus({ years: 1 })) {
      const values = pointIds.flatMap((pointId, point) => {
        const list = [];
        for (let day = year; day < year.plus({ years: 1 }) && day < END; day = day.plus({ days: 1 })) {
          const days = day.diff(START, 'days').days;
          list.push({ pointId, customerId: CUSTOMER, at: day.plus({ hours: 12 }).toMillis(), value: Math.round((days * (100 + point) + 20 * Math.sin(days / 30)) * 10) / 10, status: '1' as const, zone: ZONE });
        }
        return list;
      });
      await storeValuesInBulk(CUSTOMER, values, points, { announce: false });
      rows += values.length;
    }
    console.log(`loaded ${rows} daily values of ${POINTS} points over 5 years in ${((performance.now() - loading) / 1000).toFixed(0)} s`);

    const gridOf = (months: number): ExportCell[][] =>
      Array.from({ length: months }, (_, row) => pointIds.map((point_id): ExportCell => [{ type: 'point_data', point_id, calculation: 'diff', sampling: 'month', offset: months - 1 - row }]));
    const view = { endDate: END.minus({ days: 1 }).toISODate(), sampling: null };

    const results: Record<ExportFileType, { cells: number; p50: number; peak: number }[]> = { csv: [], xlsx: [] };
    for (const type of ['xlsx', 'csv'] as const) {
      for (const months of SIZES) {
        const saved = await createExport(caller, exportInputSchema.parse({ name: `Bench ${type} ${months}`, export_type: type, content: gridOf(months) }));
        const times: number[] = [];
        const peaks: number[] = [];
        await exportFileLink(caller, saved._id, view, 'fr'); // warm: clients, caches, exceljs loaded
        for (let run = 0; run < RUNS; run += 1) {
          const started = performance.now();
          const { peakMiB } = await peakHeapOf(() => exportFileLink(caller, saved._id, view, 'fr'));
          times.push((performance.now() - started) / 1000);
          peaks.push(peakMiB);
        }
        results[type].push({ cells: months * POINTS, p50: percentile(times, 0.5), peak: percentile(peaks, 0.5) });
        // What was measured must be real figures: every cell holds a month's consumption.
        const shown = (await viewExport(caller, saved._id, view, 'fr')).data_array.flat();
        const filled = shown.filter((value) => typeof value === 'number').length;
        if (filled !== shown.length) throw new Error(`${shown.length - filled} of ${shown.length} cells are empty: the bench would measure nothing`);
      }
    }

    for (const type of ['xlsx', 'csv'] as const) {
      const [baseline] = results[type];
      console.log(`\n${type.toUpperCase()} (p50 of ${RUNS}; ratios per cell against ${baseline.cells} cells)`);
      for (const { cells, p50, peak } of results[type]) {
        const timeRatio = p50 / cells / (baseline.p50 / baseline.cells);
        const memoryRatio = peak / cells / (baseline.peak / baseline.cells);
        console.log(`  ${String(cells).padStart(5)} cells  ${p50.toFixed(3)} s  (${timeRatio.toFixed(2)}× per cell)   peak heap ${peak.toFixed(1)} MiB  (${memoryRatio.toFixed(2)}× per cell)`);
      }
    }
    const pdf = await benchReportPdf(api, token, deployment.restBaseUrl, pointIds);

    const largest = (type: ExportFileType) => results[type][results[type].length - 1];
    const perCell = (type: ExportFileType) => {
      const [first] = results[type];
      const last = largest(type);
      return (last.p50 / last.cells / (first.p50 / first.cells)).toFixed(2);
    };
    console.log(
      `reports-bench: s_per_page=${pdf.perPage.toFixed(2)} xlsx_s=${largest('xlsx').p50.toFixed(3)} xlsx_peak_mib=${largest('xlsx').peak.toFixed(1)} csv_s=${largest('csv').p50.toFixed(3)} xlsx_time_per_cell_ratio=${perCell('xlsx')} csv_time_per_cell_ratio=${perCell('csv')}`,
    );
  } finally {
    web?.close();
    await emulator.stop();
  }
};

/** The bench's widgets: each page a year of months, a month of days and the split of four meters. */
const reportPage = (pointIds: string[], page: number) => {
  const meters = pointIds.slice(page * 4, page * 4 + 4);
  const points = meters.map((_id, index) => ({ _id, calculation: 'diff', type: 'column', color: ['#1c7ed6', '#f59f00', '#0c8599', '#e8590c'][index] }));
  return [
    { type: 'chart', title: `Page ${page + 1} — consommation mensuelle`, period: 'year', sampling: 'month', offset: 1, width_percent: 100, layout: 1, points },
    { type: 'table', title: `Page ${page + 1} — tableau journalier`, period: 'month', sampling: 'day', offset: 1, width_percent: 50, layout: 2, points },
    { type: 'pie', title: `Page ${page + 1} — répartition`, period: 'year', offset: 1, width_percent: 50, layout: 2, points },
  ];
};

/** Prints reports of 1 and 4 pages through the API, RUNS times each after a warm-up; seconds per page, p50. */
const benchReportPdf = async (api: ReturnType<typeof benchApi>, token: string, restBaseUrl: string, pointIds: string[]) => {
  const printed: { pages: number; p50: number }[] = [];
  for (const pages of [1, 4]) {
    const created = await api('POST', '/api/v1/reports', token, { name: `Bench ${pages} pages`, content: { pages: Array.from({ length: pages }, (_, page) => reportPage(pointIds, page)) } });
    if (!created.res) throw new Error(`Report not created: ${created.msg}`);
    const print = async () => {
      const answer = await fetch(`${restBaseUrl}/api/v1/exports/reports/${created.data._id}`, { headers: { Authorization: `Bearer ${token}`, Accept: 'application/pdf' } });
      if (answer.status !== 200) throw new Error(`PDF refused: ${answer.status} ${await answer.text()}`);
      return Buffer.from(await answer.arrayBuffer());
    };
    const first = await print(); // warm: the functions and the web app's files
    // `--keep-pdf <folder>` keeps the printed reports, to look at them.
    const file = path.join(argument('keep-pdf', '') || mkdtempSync(path.join(tmpdir(), 'bench-pdf-')), `report-${pages}.pdf`);
    writeFileSync(file, first);
    const pagesPrinted = Number(/Pages:\s+(\d+)/.exec(execFileSync('pdfinfo', [file], { encoding: 'utf8' }))?.[1]);
    if (pagesPrinted !== pages) throw new Error(`The PDF has ${pagesPrinted} pages, not ${pages}: the bench would measure something else`);
    const times: number[] = [];
    for (let run = 0; run < RUNS; run += 1) {
      const started = performance.now();
      await print();
      times.push((performance.now() - started) / 1000);
    }
    printed.push({ pages, p50: percentile(times, 0.5) });
  }
  const [baseline, report] = printed;
  console.log(`\nReport PDF (p50 of ${RUNS}; the 1-page report is the baseline)`);
  for (const { pages, p50 } of printed) {
    console.log(`  ${pages} page(s), ${pages * 3} widgets  ${p50.toFixed(2)} s  ${(p50 / pages).toFixed(2)} s per page  (${(p50 / pages / baseline.p50).toFixed(2)}× the baseline's per page)`);
  }
  return { perPage: report.p50 / report.pages };
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
