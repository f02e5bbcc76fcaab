import { DateTime } from 'luxon';
import { exportCsv, exportValueText, type ReaderSettings } from '@shared/exports/export-text';
import type { ExportValue } from '@shared/exports/evaluate-grid';
import type { ExportFileType } from '@shared/schemas/export';
import { decimalsFor, displayUnit } from '@shared/series/rounding';

export interface ExportFile {
  type: ExportFileType;
  fileName: string;
  contentType: string;
  body: Buffer;
}

const CONTENT_TYPES: Record<ExportFileType, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file name a customer recognises, safe on every system: the document's name, its date, the extension. */
export const datedFileName = (name: string, extension: string, at: number, zone: string, fallback: string): string => {
  const base = name.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').replace(/[^\w-]+/g, '_').replace(/^_+|_+$/g, '').slice(0, 80) || fallback;
  return `${base}_${DateTime.fromMillis(at, { zone }).toFormat('yyyy-MM-dd')}.${extension}`;
};

export const exportFileName = (name: string, type: ExportFileType, at: number, zone: string): string => datedFileName(name, type, at, zone, 'export');

/** Worksheet names: at most 31 characters, none of []:*?/\. */
const sheetName = (name: string): string => name.replace(/[[\]:*?/\\]/g, ' ').trim().slice(0, 31) || 'Export';

/**
 * Excel keeps wall-clock dates without a zone: an instant becomes the date whose UTC fields are
 * its wall clock in the customer's zone, so 31/10 09:00 in Paris reads 31/10 09:00 in Excel.
 */
const wallClockDate = (iso: string, zone: string): Date => {
  const local = DateTime.fromISO(iso, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute, local.second));
};

/**
 * A number's format that writes its unit after it (issue 40 §4): `#,##0.0 "kWh"`, with the decimals
 * of the unit (spec 1 §9); the cell stays a number that Excel adds up. The unit is quoted, so a `%`
 * is written, not multiplied by a hundred.
 */
export const unitNumberFormat = (unit: string): string => {
  const decimals = decimalsFor(unit);
  return `#,##0${decimals > 0 ? `.${'0'.repeat(decimals)}` : ''} "${displayUnit(unit).replaceAll('"', '')}"`;
};

/** The XLSX workbook: numbers as numbers (with their unit's format), dates as dates, yes/no as booleans, columns as wide as their longest text. */
const xlsxOf = async (name: string, values: ExportValue[][], reader: ReaderSettings, units: CellUnits): Promise<Buffer> => {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(sheetName(name));
  const widths: number[] = [];
  values.forEach((row, rowIndex) => {
    row.forEach((value, column) => {
      if (value === null) return;
      const cell = sheet.getCell(rowIndex + 1, column + 1);
      if (typeof value === 'object') {
        cell.value = wallClockDate(value.date, reader.zone);
        cell.numFmt = 'dd/mm/yyyy hh:mm';
      } else {
        cell.value = value;
        const unit = typeof value === 'number' ? units?.[rowIndex]?.[column] : null;
        if (unit) cell.numFmt = unitNumberFormat(unit);
      }
      const unit = units?.[rowIndex]?.[column];
      widths[column] = Math.max(widths[column] ?? 0, exportValueText(value, reader).length + (typeof value === 'number' && unit ? unit.length + 1 : 0));
    });
  });
  widths.forEach((width, column) => {
    sheet.getColumn(column + 1).width = Math.min(60, Math.max(10, width + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** The unit of each cell's number, row by row (see exports/cell-units); null where a cell has none. */
export type CellUnits = (string | null)[][] | undefined;

/**
 * The export as a file of its type, named after it. A CSV cell holds only its number, so that a
 * spreadsheet reads it as one: there the grid's own cells name the units (a point's unit property).
 */
export const exportFileOf = async (name: string, type: ExportFileType, values: ExportValue[][], reader: ReaderSettings, at: number, units?: CellUnits): Promise<ExportFile> => ({
  type,
  fileName: exportFileName(name, type, at, reader.zone),
  contentType: CONTENT_TYPES[type],
  body: type === 'csv' ? Buffer.from(exportCsv(values, reader), 'utf8') : await xlsxOf(name, values, reader, units),
});
