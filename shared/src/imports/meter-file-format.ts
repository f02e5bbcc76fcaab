import { DateTime } from 'luxon';
import { STATUS_CODES } from '../schemas/series';

/**
 * The meter file format (CSV, and the same columns in XLSX): one value per row,
 * `technical_id;date;value[;status]`.
 * - Separator: semicolon or comma, detected from the first line (semicolon wins a tie: with a
 *   decimal comma, values hold commas).
 * - Date: `dd/MM/yyyy HH:mm[:ss]` in the customer's time zone, or ISO 8601 with its offset
 *   (`2026-03-29T01:30:00Z`, `…+02:00`). On the autumn change an hour happens twice: a local
 *   `02:30` then means the first one (summer time); a local time skipped in spring does not exist
 *   and the row is refused.
 * - Value: a decimal point or a decimal comma, no thousands separator.
 * - Status (optional): 1–8 or H (spec 1 §3.4); absent means 1 (gross value).
 * - A first line whose value is not a number is a header and is skipped.
 */

export type Separator = ';' | ',';

export type RowProblem = 'columns' | 'technical_id' | 'date' | 'date_in_gap' | 'value' | 'status';

export interface MeterRow {
  technicalId: string;
  at: number;
  value: number;
  status: (typeof STATUS_CODES)[number];
}

export type ParsedRow = { ok: true; row: MeterRow } | { ok: false; problem: RowProblem };

export const detectSeparator = (firstLine: string): Separator => {
  const semicolons = firstLine.split(';').length - 1;
  const commas = firstLine.split(',').length - 1;
  return semicolons >= 1 || commas === 0 ? ';' : ',';
};

const LOCAL_DATE = /^(\d{2})\/(\d{2})\/(\d{4})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/;
const ISO_WITH_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:\d{2})$/;

type MeterDate = { at: number } | { problem: 'date' | 'date_in_gap' };

/**
 * Local dates already resolved in one zone (the zone of the last call): a file repeats each time
 * on every point's row, and resolving a wall clock in a zone (luxon) cost 35–65 µs a row, most of an
 * import's reading. Bounded: cleared once it holds LOCAL_DATES_KEPT texts (~150 bytes each).
 */
const LOCAL_DATES_KEPT = 20_000;
let localDatesZone = '';
let localDates = new Map<string, Readonly<MeterDate>>();

/** A date of the file as an instant; null when it is not one of the two forms or does not exist in the zone. */
export const parseMeterDate = (text: string, zone: string): MeterDate => {
  const trimmed = text.trim();
  if (ISO_WITH_OFFSET.test(trimmed)) {
    const at = Date.parse(trimmed);
    return Number.isFinite(at) ? { at } : { problem: 'date' };
  }
  if (zone !== localDatesZone) {
    localDatesZone = zone;
    localDates = new Map();
  }
  const known = localDates.get(trimmed);
  if (known) return { ...known };
  const resolved = resolveLocalDate(trimmed, zone);
  // Only texts of a date's length are kept (a cell of any other length is refused anyway).
  if (trimmed.length <= 19) {
    if (localDates.size >= LOCAL_DATES_KEPT) localDates.clear();
    localDates.set(trimmed, resolved);
  }
  return { ...resolved };
};

const resolveLocalDate = (trimmed: string, zone: string): MeterDate => {
  const match = LOCAL_DATE.exec(trimmed);
  if (!match) return { problem: 'date' };
  const [, day, month, year, hour, minute, second] = match.map(Number);
  const fields = { year, month, day, hour, minute, second: Number.isNaN(second) ? 0 : second };
  const local = DateTime.fromObject(fields, { zone });
  if (!local.isValid) return { problem: 'date' };
  // Luxon moves a time that the spring change skips forward: it does not exist on that day.
  if (local.hour !== fields.hour || local.minute !== fields.minute) return { problem: 'date_in_gap' };
  // An autumn hour names two instants: an hour earlier shows the same wall clock when luxon gave
  // the second; the file means the first (the summer offset).
  const earlier = local.minus({ hours: 1 });
  return { at: earlier.hour === local.hour && earlier.minute === local.minute ? earlier.toMillis() : local.toMillis() };
};

const NUMBER = /^[+-]?(?:\d+(?:[.,]\d*)?|[.,]\d+)(?:[eE][+-]?\d+)?$/;

/** A value with a decimal point or a decimal comma. */
export const parseMeterValue = (text: string): number | null => {
  const trimmed = text.trim();
  if (!NUMBER.test(trimmed)) return null;
  const value = Number(trimmed.replace(',', '.'));
  return Number.isFinite(value) ? value : null;
};

/** Whether a first line is a header (its value column is not a number). */
export const isHeader = (columns: readonly string[]): boolean => columns.length >= 3 && parseMeterValue(columns[2]) === null;

/** One row of the file read and checked; the first problem found says why it is refused. */
export const parseMeterRow = (columns: readonly string[], zone: string): ParsedRow => {
  if (columns.length < 3 || columns.length > 4) return { ok: false, problem: 'columns' };
  const [technicalId, date, rawValue, rawStatus] = columns.map((column) => column.trim());
  if (!technicalId) return { ok: false, problem: 'technical_id' };
  const when = parseMeterDate(date, zone);
  if ('problem' in when) return { ok: false, problem: when.problem };
  const value = parseMeterValue(rawValue);
  if (value === null) return { ok: false, problem: 'value' };
  const status = (rawStatus || '1').toUpperCase();
  if (!(STATUS_CODES as readonly string[]).includes(status)) return { ok: false, problem: 'status' };
  return { ok: true, row: { technicalId, at: when.at, value, status: status as MeterRow['status'] } };
};
