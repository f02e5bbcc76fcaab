import { DateTime } from 'luxon';
import { describe, expect, it } from 'vitest';
import { checkCellFormula, evaluateCellFormula } from '@shared/exports/cell-formula';
import { evaluateGrid, type ExportValue, type GridInputs } from '@shared/exports/evaluate-grid';
import { exportAnchor, pointDataBucket } from '@shared/exports/point-data-bucket';
import type { ExportCellDefinition, ExportGrid } from '@shared/schemas/export';

const grid = (...rows: ExportCellDefinition[][]): ExportGrid => rows.map((row) => row.map((definition) => [definition]));
const empty = { type: 'empty' } as const;
const operation = (value: string) => ({ type: 'point_operations', value }) as const;
const data = (point_id: string) => ({ type: 'point_data', point_id, calculation: 'sum', sampling: 'month', offset: 0 }) as const;

const POINT = { _id: 'pt-1', name: 'Compteur général', unit_object: { s: 'kWh' }, last_data_date: '2026-10-31T23:50:00.000Z', active: true };
const inputs = (values: Record<string, number | null> = {}): GridInputs => ({
  point: (id) => (id === 'pt-1' ? POINT : null),
  pointData: ({ row, column }) => values[`${row},${column}`] ?? null,
  text: (value: ExportValue) => (value === null ? '' : typeof value === 'object' ? `date:${value.date}` : String(value)),
});

describe('point_operations formulas', () => {
  const size = { rows: 3, columns: 3 };
  it('accepts arithmetic and math functions over cells of the grid', () => {
    expect(checkCellFormula('(B2 - B1) / B1 * 100', size)).toEqual({ valid: true, references: [{ row: 1, column: 1 }, { row: 0, column: 1 }, { row: 0, column: 1 }] });
    expect(checkCellFormula('round(max(A1, C3) ^ 2)', size).valid).toBe(true);
  });
  it('refuses cells outside the grid, lower case names, unknown functions and strings', () => {
    expect(checkCellFormula('D1 + 1', size)).toMatchObject({ valid: false, error: 'unknown_cell', detail: 'D1' });
    expect(checkCellFormula('A4', size)).toMatchObject({ valid: false, error: 'unknown_cell' });
    expect(checkCellFormula('b1', size)).toMatchObject({ valid: false, error: 'unknown_cell' });
    expect(checkCellFormula('degree_days(A1, 18)', size)).toMatchObject({ valid: false, error: 'unknown_function' });
    expect(checkCellFormula("A1 + 'x'", size)).toMatchObject({ valid: false, error: 'unsupported_expression' });
    expect(checkCellFormula('A1 +', size)).toMatchObject({ valid: false, error: 'syntax' });
  });
  it('computes with the cells it reads and leaves the result empty when one has no number or it divides by zero', () => {
    const numbers: Record<string, number | null> = { A1: 200, B1: 250, C1: null, A2: 0 };
    const read = ({ row, column }: { row: number; column: number }) => numbers[`${'ABC'[column]}${row + 1}`] ?? null;
    expect(evaluateCellFormula('(B1 - A1) / A1 * 100', size, read)).toBe(25);
    expect(evaluateCellFormula('B1 + C1', size, read)).toBeNull();
    expect(evaluateCellFormula('B1 / A2', size, read)).toBeNull();
    expect(evaluateCellFormula('D9', size, read)).toBeNull();
  });
});

describe('a grid evaluated', () => {
  it('shows texts, point properties by dotted path, point data and nothing for empty cells', () => {
    const values = evaluateGrid(
      grid(
        [{ type: 'text', value: 'Site' }, { type: 'point', point_id: 'pt-1', property: 'name' }, { type: 'point', point_id: 'pt-1', property: 'unit_object.s' }],
        [data('pt-1'), empty, { type: 'point', point_id: 'pt-1', property: 'active' }],
      ),
      inputs({ '1,0': 1234.5 }),
    );
    expect(values).toEqual([
      ['Site', 'Compteur général', 'kWh'],
      [1234.5, null, true],
    ]);
  });

  it('types an instant property as a date and leaves an unknown point or property empty', () => {
    const values = evaluateGrid(
      grid([
        { type: 'point', point_id: 'pt-1', property: 'last_data_date' },
        { type: 'point', point_id: 'pt-other', property: 'name' },
        { type: 'point', point_id: 'pt-1', property: 'unit_object' },
      ]),
      inputs(),
    );
    expect(values).toEqual([[{ date: '2026-10-31T23:50:00.000Z' }, null, null]]);
  });

  it('fills text_format placeholders with cells (as the reader reads them) and typed values, and computes operations over other cells', () => {
    const values = evaluateGrid(
      grid(
        [data('pt-1'), data('pt-1'), operation('(B1 - A1) / A1 * 100')],
        [{ type: 'text_format', value: '{} : {} % ({})', arguments: [{ cell: 'B1' }, { cell: 'C1' }, { value: 'octobre' }] }, empty, empty],
      ),
      inputs({ '0,0': 200, '0,1': 250 }),
    );
    expect(values[0]).toEqual([200, 250, 25]);
    expect(values[1][0]).toBe('250 : 25 % (octobre)');
  });

  it('shows nothing for cells that read each other in a circle, and still computes the rest', () => {
    const values = evaluateGrid(grid([operation('B1 + 1'), operation('A1 * 2'), operation('5 * 2')]), inputs());
    expect(values).toEqual([[null, null, 10]]);
  });
});

describe('the bucket of a point_data cell', () => {
  const zone = 'Europe/Paris';
  const at = (iso: string) => DateTime.fromISO(iso, { zone }).toMillis();
  const local = (instant: number) => DateTime.fromMillis(instant, { zone }).toISO();

  it('is the bucket holding the end date, moved back by the offset, in the local calendar', () => {
    const anchor = exportAnchor('2026-10-31', Date.now(), zone);
    expect(local(anchor)).toBe('2026-10-31T00:00:00.000+01:00');
    const october = pointDataBucket(anchor, 'month', 0, zone);
    expect([local(october.start), local(october.end)]).toEqual(['2026-10-01T00:00:00.000+02:00', '2026-11-01T00:00:00.000+01:00']);
    const august = pointDataBucket(anchor, 'month', 2, zone);
    expect(local(august.start)).toBe('2026-08-01T00:00:00.000+02:00');
    const lastYear = pointDataBucket(anchor, 'year', 1, zone);
    expect([local(lastYear.start), local(lastYear.end)]).toEqual(['2025-01-01T00:00:00.000+01:00', '2026-01-01T00:00:00.000+01:00']);
  });

  it('counts weeks from Monday and days of 25 hours across the change of time', () => {
    const anchor = at('2026-10-25T12:00');
    const day = pointDataBucket(anchor, 'day', 0, zone);
    expect(day.end - day.start).toBe(25 * 3600_000);
    expect(local(pointDataBucket(anchor, 'week', 1, zone).start)).toBe('2026-10-12T00:00:00.000+02:00');
  });

  it('reads now when no end date is given', () => {
    expect(exportAnchor(null, 1_790_000_000_000, zone)).toBe(1_790_000_000_000);
  });
});
