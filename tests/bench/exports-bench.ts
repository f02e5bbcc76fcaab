import { DateTime } from 'luxon';
import { deployToEmulator, generateDemoPasswords, seedDemoData } from '../../infra/local/deploy';
import { awsEnvironment, startEmulator } from '../../infra/local/emulator';
import type { ExportCell, ExportFileType } from '../../shared/src/schemas/export';
import { benchApi } from './bench-api';

/**
 * `npm run bench:reports [-- --runs 5]` — the export half of issue 20's benchmark: an XLSX and a
 * CSV of a grid of monthly point_data cells (26 points across, one row per month) over 5 years of
 * daily values, made in this process against the deployed tables exactly as the route makes them
 * (the grid read through the series engine, the file written, stored and linked). Grids of 15, 30
 * and 60 months: the first is the baseline, and time and peak memory are printed per cell as ratios
 * against it — they should not grow faster than the cells. The PDF half (seconds per report page)
 * waits for the Chromium function. The last line is machine-readable.
 */
const argument = (name: string, fallback: string): string => {
  const index = process.argv.indexOf(`--${name}`);
  return index > 0 ? process.argv[index + 1] : fallback;
};
const RUNS = Number(argument('runs', '5'));
const PORT = Number(argument('port', '4597'));
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
  try {
    Object.assign(process.env, awsEnvironment(emulator.endpoint));
    const deployment = await deployToEmulator(emulator.endpoint, 'bench-exports');
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
    const largest = (type: ExportFileType) => results[type][results[type].length - 1];
    const perCell = (type: ExportFileType) => {
      const [first] = results[type];
      const last = largest(type);
      return (last.p50 / last.cells / (first.p50 / first.cells)).toFixed(2);
    };
    console.log(
      `reports-bench: s_per_page=NA xlsx_s=${largest('xlsx').p50.toFixed(3)} xlsx_peak_mib=${largest('xlsx').peak.toFixed(1)} csv_s=${largest('csv').p50.toFixed(3)} xlsx_time_per_cell_ratio=${perCell('xlsx')} csv_time_per_cell_ratio=${perCell('csv')}`,
    );
  } finally {
    await emulator.stop();
  }
};

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
