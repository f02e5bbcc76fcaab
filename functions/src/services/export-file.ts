import { DateTime } from 'luxon';
import { exportCsv, exportValueText, type ReaderSettings } from '@shared/exports/export-text';
import type { ExportValue } from '@shared/exports/evaluate-grid';
import type { ExportFileType } from '@shared/schemas/export';

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

/** The XLSX workbook: numbers as numbers, dates as dates, yes/no as booleans, columns as wide as their longest text. */
const xlsxOf = async (name: string, values: ExportValue[][], reader: ReaderSettings): Promise<Buffer> => {
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
      }
      widths[column] = Math.max(widths[column] ?? 0, exportValueText(value, reader).length);
    });
  });
  widths.forEach((width, column) => {
    sheet.getColumn(column + 1).width = Math.min(60, Math.max(10, width + 2));
  });
  return Buffer.from(await workbook.xlsx.writeBuffer());
};

/** The export as a file of its type, named after it. */
export const exportFileOf = async (name: string, type: ExportFileType, values: ExportValue[][], reader: ReaderSettings, at: number): Promise<ExportFile> => ({
  type,
  fileName: exportFileName(name, type, at, reader.zone),
  contentType: CONTENT_TYPES[type],
  body: type === 'csv' ? Buffer.from(exportCsv(values, reader), 'utf8') : await xlsxOf(name, values, reader),
});
