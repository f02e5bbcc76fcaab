import { MAX_EXPORT_COLUMNS } from './cell-reference';
import { emptyExportCell, MAX_EXPORT_ROWS, type ExportCellDefinition, type ExportGrid } from '../schemas/export';

/** Why a change of the grid's shape was refused (spec 2 §5: the last row or column stays). */
export type GridProblem = 'last_column' | 'last_row' | 'columns_full' | 'rows_full' | 'out_of_range';
export type GridChange = { ok: true; grid: ExportGrid } | { ok: false; problem: GridProblem };

const columnCount = (grid: ExportGrid) => grid[0]?.length ?? 0;
const inRange = (index: number, length: number) => Number.isInteger(index) && index >= 0 && index < length;

/** A new empty column right after the chosen one (every column keeps its cells, later ones shift right). */
export const addColumnAfter = (grid: ExportGrid, column: number): GridChange => {
  if (!inRange(column, columnCount(grid))) return { ok: false, problem: 'out_of_range' };
  if (columnCount(grid) >= MAX_EXPORT_COLUMNS) return { ok: false, problem: 'columns_full' };
  return { ok: true, grid: grid.map((row) => [...row.slice(0, column + 1), emptyExportCell(), ...row.slice(column + 1)]) };
};

export const deleteColumn = (grid: ExportGrid, column: number): GridChange => {
  if (!inRange(column, columnCount(grid))) return { ok: false, problem: 'out_of_range' };
  if (columnCount(grid) <= 1) return { ok: false, problem: 'last_column' };
  return { ok: true, grid: grid.map((row) => row.filter((_, index) => index !== column)) };
};

/** A new empty row right after the chosen one, as wide as the grid. */
export const addRowAfter = (grid: ExportGrid, row: number): GridChange => {
  if (!inRange(row, grid.length)) return { ok: false, problem: 'out_of_range' };
  if (grid.length >= MAX_EXPORT_ROWS) return { ok: false, problem: 'rows_full' };
  const added = Array.from({ length: columnCount(grid) }, emptyExportCell);
  return { ok: true, grid: [...grid.slice(0, row + 1), added, ...grid.slice(row + 1)] };
};

export const deleteRow = (grid: ExportGrid, row: number): GridChange => {
  if (!inRange(row, grid.length)) return { ok: false, problem: 'out_of_range' };
  if (grid.length <= 1) return { ok: false, problem: 'last_row' };
  return { ok: true, grid: grid.filter((_, index) => index !== row) };
};

/** The grid with one cell's definition replaced. */
export const setCell = (grid: ExportGrid, row: number, column: number, definition: ExportCellDefinition): GridChange => {
  if (!inRange(row, grid.length) || !inRange(column, columnCount(grid))) return { ok: false, problem: 'out_of_range' };
  return { ok: true, grid: grid.map((cells, r) => (r === row ? cells.map((cell, c) => (c === column ? [definition] : cell)) : cells)) };
};
