import { DateTime } from 'luxon';
import { displayUnit, roundForUnit } from '../series/rounding';
import type { SeriesAnswer } from '../schemas/series';
import { isSubDaySampling } from './bucket-label';
import { frameRows } from './frame-rows';
import { DATE_FORMAT, DATE_TIME_FORMAT } from '../date-text';

/**
 * CSV exports of widgets (spec 1 §9): semicolons, dates dd/MM/yyyy (with HH:mm below a day) in
 * the bucket's own wall time, decimal comma in French, UTF-8 with a byte order mark so that
 * Excel reads accents right.
 */

const BYTE_ORDER_MARK = '\uFEFF';

export const csvDate = (isoLocal: string, withTime: boolean): string => {
  const date = DateTime.fromISO(isoLocal, { setZone: true });
  return date.isValid ? date.toFormat(withTime ? DATE_TIME_FORMAT : DATE_FORMAT) : isoLocal;
};

/** A number as Excel of that language reads it: no grouping, a decimal comma in French. */
export const csvNumber = (value: number | null, locale: string): string => {
  if (value === null || !Number.isFinite(value)) return '';
  const text = String(value);
  return locale.startsWith('fr') ? text.replace('.', ',') : text;
};

const csvCell = (cell: string): string => (/[;"\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell);

/** The file's text: cells joined by semicolons, lines by CRLF, the byte order mark first. */
export const csvDocument = (rows: string[][]): string => BYTE_ORDER_MARK + rows.map((row) => row.map(csvCell).join(';')).join('\r\n') + '\r\n';

/** A value column's header names its unit as the table widget does: 'Vent (m/s)', not '(mps)'. */
const columnName = (series: { name: string; unit: string }): string => (series.unit ? `${series.name} (${displayUnit(series.unit)})` : series.name);

/** A chart's or table's frame: one line per bucket, one column per point, values rounded for their unit. */
export const frameCsv = (frame: SeriesAnswer, locale: string, dateHeader: string): string => {
  const withTime = isSubDaySampling(frame.sampling);
  const header = [dateHeader, ...frame.series.map(columnName)];
  const lines = frameRows(frame).map((row) => [
    csvDate(row.date, withTime),
    ...row.values.map((value, column) => csvNumber(roundForUnit(value, frame.series[column].unit), locale)),
  ]);
  return csvDocument([header, ...lines]);
};

export interface RawColumn {
  name: string;
  unit: string;
  rows: { date: string; value: number; status: string }[];
}

/** Raw values at minute sampling: per point its value and its status, by time. */
export const rawCsv = (columns: RawColumn[], locale: string, headers: { date: string; status: string }, statusText: (code: string) => string): string => {
  const dates = [...new Set(columns.flatMap((column) => column.rows.map((row) => row.date)))].sort((left, right) => Date.parse(left) - Date.parse(right));
  const byDate = columns.map((column) => new Map(column.rows.map((row) => [row.date, row])));
  const header = [headers.date, ...columns.flatMap((column) => [columnName(column), `${column.name} - ${headers.status}`])];
  const lines = dates.map((date) => [
    csvDate(date, true),
    ...byDate.flatMap((rows, index) => {
      const row = rows.get(date);
      return row ? [csvNumber(roundForUnit(row.value, columns[index].unit), locale), statusText(row.status)] : ['', ''];
    }),
  ]);
  return csvDocument([header, ...lines]);
};
