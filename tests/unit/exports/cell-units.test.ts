import { describe, expect, it } from 'vitest';
import { cellUnits } from '@shared/exports/cell-units';
import type { ExportCellDefinition, ExportGrid } from '@shared/schemas/export';

const grid = (rows: ExportCellDefinition[][]): ExportGrid => rows.map((row) => row.map((definition) => [definition] as [ExportCellDefinition]));
const data = (point_id: string, calculation: 'sum' | 'evo' | 'count' = 'sum'): ExportCellDefinition => ({ type: 'point_data', point_id, calculation, sampling: 'month', offset: 0 });
const operation = (value: string): ExportCellDefinition => ({ type: 'point_operations', value });
const UNITS: Record<string, string> = { elec: 'kWh', water: 'm³', bare: '' };

describe('export cell units', () => {
  it("gives a point_data cell its point's unit, an evolution %, a count and an unknown point none", () => {
    const units = cellUnits(grid([[data('elec'), data('elec', 'evo'), data('elec', 'count'), data('gone'), data('bare'), { type: 'text', value: 'kWh' }]]), (id) => UNITS[id] ?? null);
    expect(units).toEqual([['kWh', '%', null, null, null, null]]);
  });

  it('gives an operation the unit of the figures it adds, subtracts or scales, and none to a ratio or a mix', () => {
    const units = cellUnits(
      grid([
        [data('elec'), data('elec'), data('water'), operation('A1 + B1'), operation('(A1 - B1) / B1 * 100'), operation('A1 + C1')],
        [operation('D1 * 2 - 10'), operation('-A1'), operation('A1 / 1000'), operation('max(A1, B1)'), operation('A1 +'), operation('A2 + F2')],
      ]),
      (id) => UNITS[id] ?? null,
    );
    expect(units).toEqual([
      ['kWh', 'kWh', 'm³', 'kWh', null, null],
      ['kWh', 'kWh', 'kWh', null, null, null],
    ]);
  });
});
