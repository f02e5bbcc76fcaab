import { describe, expect, it } from 'vitest';
import { checkCellFormula } from '@shared/exports/cell-formula';
import { exportInputSchema } from '@shared/schemas/export';
import { demoExport } from '../../../functions/src/services/demo-export';

describe('the demo export', () => {
  const demo = demoExport('cust-energie-plus', '2026-11-24T10:00:00.000Z');

  it('is a valid export: a header and a row per point, twelve months and a total', () => {
    expect(() => exportInputSchema.parse(demo)).not.toThrow();
    expect([demo.content.length, demo.content[0].length]).toEqual([6, 15]);
    expect(demo.content[1][13][0]).toEqual({ type: 'point_data', point_id: 'pt-elec-index', calculation: 'diff', sampling: 'month', offset: 0 });
    expect(demo.content[1][2][0]).toMatchObject({ type: 'point_data', offset: 11 });
  });

  it('totals the twelve months of its row with a formula the grid computes', () => {
    const size = { rows: demo.content.length, columns: demo.content[0].length };
    const total = demo.content[1][14][0];
    expect(total).toEqual({ type: 'point_operations', value: 'C2 + D2 + E2 + F2 + G2 + H2 + I2 + J2 + K2 + L2 + M2 + N2' });
    expect(checkCellFormula(total.type === 'point_operations' ? total.value : '', size)).toMatchObject({ valid: true });
  });
});
