import { describe, expect, it } from 'vitest';
import { cellReference, columnLetter, parseCellReference } from '@shared/exports/cell-reference';
import { addColumnAfter, addRowAfter, deleteColumn, deleteRow, setCell } from '@shared/exports/grid';
import { emptyExportGrid, exportInputSchema, type ExportGrid } from '@shared/schemas/export';

const gridOf = (result: ReturnType<typeof addColumnAfter>): ExportGrid => {
  if (!result.ok) throw new Error(`refused: ${result.problem}`);
  return result.grid;
};
const text = (value: string) => ({ type: 'text', value }) as const;
const shape = (grid: ExportGrid) => [grid.length, grid[0].length];

describe('export grid', () => {
  it('starts at 7 rows by 11 columns of empty cells', () => {
    const grid = emptyExportGrid();
    expect(shape(grid)).toEqual([7, 11]);
    expect(grid.flat().every(([definition]) => definition.type === 'empty')).toBe(true);
  });

  it('adds an empty column right after the chosen one, later columns shifting right', () => {
    const grid = gridOf(setCell(emptyExportGrid(2, 3), 0, 1, text('B1')));
    const widened = gridOf(addColumnAfter(grid, 0));
    expect(shape(widened)).toEqual([2, 4]);
    expect(widened[0][1][0]).toEqual({ type: 'empty' });
    expect(widened[0][2][0]).toEqual(text('B1'));
  });

  it('stops at column Z', () => {
    const full = emptyExportGrid(1, 26);
    expect(addColumnAfter(full, 25)).toEqual({ ok: false, problem: 'columns_full' });
  });

  it('deletes a column or a row only while more than one remains', () => {
    const single = emptyExportGrid(1, 1);
    expect(deleteColumn(single, 0)).toEqual({ ok: false, problem: 'last_column' });
    expect(deleteRow(single, 0)).toEqual({ ok: false, problem: 'last_row' });
    expect(shape(gridOf(deleteColumn(emptyExportGrid(2, 2), 1)))).toEqual([2, 1]);
    expect(shape(gridOf(deleteRow(emptyExportGrid(2, 2), 0)))).toEqual([1, 2]);
  });

  it('adds a row after the chosen one and keeps the cells around it', () => {
    const grid = gridOf(setCell(emptyExportGrid(2, 2), 1, 0, text('A2')));
    const taller = gridOf(addRowAfter(grid, 0));
    expect(shape(taller)).toEqual([3, 2]);
    expect(taller[2][0][0]).toEqual(text('A2'));
  });

  it('refuses rows and columns that are not there, and leaves the grid as it was', () => {
    const grid = emptyExportGrid(2, 2);
    expect(deleteColumn(grid, 2)).toEqual({ ok: false, problem: 'out_of_range' });
    expect(addRowAfter(grid, -1)).toEqual({ ok: false, problem: 'out_of_range' });
    expect(setCell(grid, 0, 5, text('x'))).toEqual({ ok: false, problem: 'out_of_range' });
    expect(shape(grid)).toEqual([2, 2]);
  });
});

describe('cell references', () => {
  it('letters columns A to Z and numbers rows from 1', () => {
    expect(columnLetter(0)).toBe('A');
    expect(columnLetter(25)).toBe('Z');
    expect(() => columnLetter(26)).toThrow(RangeError);
    expect(cellReference({ row: 2, column: 1 })).toBe('B3');
  });

  it('reads a reference back, and nothing else', () => {
    expect(parseCellReference('B3')).toEqual({ row: 2, column: 1 });
    expect(parseCellReference(' z10 ')).toEqual({ row: 9, column: 25 });
    expect(parseCellReference('A0')).toBeNull();
    expect(parseCellReference('AA1')).toBeNull();
    expect(parseCellReference('3B')).toBeNull();
  });
});

describe('export schema', () => {
  it('gives a new export the spec defaults: xlsx by e-mail, a 7 by 11 grid', () => {
    const parsed = exportInputSchema.parse({ name: 'Monthly', email: { to: 'a@example.com; b@example.com' } });
    expect(parsed.export_type).toBe('xlsx');
    expect(parsed.export_method).toBe('email');
    expect(parsed.data_type).toBe('custom_file');
    expect(parsed.email.to).toEqual(['a@example.com', 'b@example.com']);
    expect(shape(parsed.content)).toEqual([7, 11]);
  });

  it('refuses a ragged grid, more than 26 columns and unknown cell types', () => {
    const ragged = [[[{ type: 'empty' }], [{ type: 'empty' }]], [[{ type: 'empty' }]]];
    expect(exportInputSchema.safeParse({ name: 'x', content: ragged }).success).toBe(false);
    expect(exportInputSchema.safeParse({ name: 'x', content: emptyExportGrid(1, 27) }).success).toBe(false);
    expect(exportInputSchema.safeParse({ name: 'x', content: [[[{ type: 'formula' }]]] }).success).toBe(false);
  });

  it('reads a point_data cell with its offset defaulting to the current bucket', () => {
    const content = [[[{ type: 'point_data', point_id: 'pt-1', calculation: 'diff', sampling: 'month' }]]];
    const parsed = exportInputSchema.parse({ name: 'x', content });
    expect(parsed.content[0][0][0]).toEqual({ type: 'point_data', point_id: 'pt-1', calculation: 'diff', sampling: 'month', offset: 0 });
  });

  it('takes a point property only as a dotted path', () => {
    const cell = (property: string) => [[[{ type: 'point', point_id: 'pt-1', property }]]];
    expect(exportInputSchema.safeParse({ name: 'x', content: cell('unit_object.s') }).success).toBe(true);
    expect(exportInputSchema.safeParse({ name: 'x', content: cell('unit_object..s') }).success).toBe(false);
    expect(exportInputSchema.safeParse({ name: 'x', content: cell('__proto__["x"]') }).success).toBe(false);
  });
});
