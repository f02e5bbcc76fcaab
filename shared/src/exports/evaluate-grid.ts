import { memoizedCells, parseCellReference, type CellPosition } from './cell-reference';
import { evaluateCellFormula } from './cell-formula';
import { propertyAt } from './point-property';
import { fillPlaceholders } from './text-format';
import type { ExportGrid } from '../schemas/export';

/** What a cell shows: a text, a number, a yes/no, a date (an instant, shown in the customer's zone), or nothing. */
export type ExportValue = string | number | boolean | null | { date: string };

const ISO_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/;

export interface GridInputs {
  /** The point a point cell reads, or null when the customer has no such point. */
  point: (pointId: string) => Record<string, unknown> | null;
  /** A point_data cell's value, read beforehand from the series engine. */
  pointData: (position: CellPosition) => number | null;
  /** How a value reads inside a text_format cell (numbers and dates in the reader's language and zone). */
  text: (value: ExportValue) => string;
}

/**
 * The displayed values of a grid (`data_array`), row by row. Cells that read other cells
 * (text_format arguments, point_operations) read their displayed values; a cell that ends up
 * reading itself through others shows nothing rather than looping.
 */
export const evaluateGrid = (grid: ExportGrid, inputs: GridInputs): ExportValue[][] => {
  const size = { rows: grid.length, columns: grid[0]?.length ?? 0 };
  const valueAt = memoizedCells<ExportGrid[number][number], ExportValue>(grid, null, (position, cell) => compute(position, cell[0]));

  const numberAt = (position: CellPosition): number | null => {
    const value = valueAt(position);
    return typeof value === 'number' && Number.isFinite(value) ? value : null;
  };

  const compute = (position: CellPosition, definition: ExportGrid[number][number][0]): ExportValue => {
    switch (definition.type) {
      case 'empty':
        return null;
      case 'text':
        return definition.value;
      case 'point': {
        const point = inputs.point(definition.point_id);
        const value = point ? propertyAt(point, definition.property) : null;
        return typeof value === 'string' && ISO_INSTANT.test(value) ? { date: value } : value;
      }
      case 'point_data':
        return inputs.pointData(position);
      case 'text_format':
        return fillPlaceholders(
          definition.value,
          definition.arguments.map((argument) => {
            if ('value' in argument) return argument.value;
            const referenced = parseCellReference(argument.cell);
            return referenced ? inputs.text(valueAt(referenced)) : '';
          }),
        );
      case 'point_operations':
        return evaluateCellFormula(definition.value, size, numberAt);
    }
  };

  return grid.map((row, rowIndex) => row.map((_, column) => valueAt({ row: rowIndex, column })));
};
