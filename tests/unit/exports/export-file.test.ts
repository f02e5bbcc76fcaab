import ExcelJS from 'exceljs';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import type { ExportValue } from '@shared/exports/evaluate-grid';
import { exportFileOf, unitNumberFormat } from '../../../functions/src/services/export-file';

const VALUES: ExportValue[][] = [
  ['Site', 'Énergie (kWh)', 'Dernière valeur', 'Actif'],
  ['Bâtiment A', 1234.5, { date: '2026-10-31T08:00:00.000Z' }, true],
  ['Bâtiment B; annexe', null, null, false],
];
const AT = Date.parse('2026-11-24T10:00:00Z');

describe('export files', () => {
  it('writes a CSV with semicolons, the byte order mark, a decimal comma in French and dates in the customer zone', async () => {
    const file = await exportFileOf('Relevé mensuel', 'csv', VALUES, { language: 'fr', zone: 'Europe/Paris' }, AT);
    expect(file.fileName).toBe('Releve_mensuel_2026-11-24.csv');
    expect(file.contentType).toBe('text/csv; charset=utf-8');
    const text = file.body.toString('utf8');
    expect(text.startsWith('\uFEFF')).toBe(true);
    const rows = parse(text, { delimiter: ';', bom: true }) as string[][];
    expect(rows).toEqual([
      ['Site', 'Énergie (kWh)', 'Dernière valeur', 'Actif'],
      ['Bâtiment A', '1234,5', '31/10/2026 09:00', 'oui'],
      ['Bâtiment B; annexe', '', '', 'non'],
    ]);
  });

  it('writes an XLSX whose numbers are numbers, dates are dates at the wall clock of the zone, and columns fit their text', async () => {
    const file = await exportFileOf('Relevé mensuel', 'xlsx', VALUES, { language: 'en', zone: 'Europe/Paris' }, AT);
    expect(file.fileName).toBe('Releve_mensuel_2026-11-24.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.name).toBe('Relevé mensuel');
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('B2').type).toBe(ExcelJS.ValueType.Number);
    const date = sheet.getCell('C2');
    expect(date.type).toBe(ExcelJS.ValueType.Date);
    expect((date.value as Date).toISOString()).toBe('2026-10-31T09:00:00.000Z');
    expect(date.numFmt).toBe('dd/mm/yyyy hh:mm');
    expect(sheet.getCell('D3').value).toBe(false);
    expect(sheet.getCell('B3').value).toBeNull();
    expect(sheet.getColumn(1).width).toBe('Bâtiment B; annexe'.length + 2);
    expect(sheet.getColumn(4).width).toBe(10);
  });

  it('writes the unit after each number that has one, in the unit\'s decimals, the cell staying a number', async () => {
    const units = [[null, null, null, null], [null, 'kWh', null, null], [null, null, null, null]];
    const file = await exportFileOf('Relevé mensuel', 'xlsx', VALUES, { language: 'fr', zone: 'Europe/Paris' }, AT, units);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.body as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    expect(sheet.getCell('B2').value).toBe(1234.5);
    expect(sheet.getCell('B2').numFmt).toBe('#,##0.0 "kWh"');
    expect(sheet.getCell('A1').numFmt).toBeUndefined();
    expect(unitNumberFormat('W')).toBe('#,##0 "W"');
    expect(unitNumberFormat('%')).toBe('#,##0.00 "%"');
    expect(unitNumberFormat('mps')).toBe('#,##0.0 "m/s"');
  });
});
