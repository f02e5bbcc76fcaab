/** Columns of an export grid are lettered A to Z (spec 2 §9): at most 26 of them. */
export const MAX_EXPORT_COLUMNS = 26;

export interface CellPosition {
  row: number;
  column: number;
}

const REFERENCE = /^([A-Z])([1-9]\d*)$/;

/** `0` → `A` … `25` → `Z`. */
export const columnLetter = (column: number): string => {
  if (!Number.isInteger(column) || column < 0 || column >= MAX_EXPORT_COLUMNS) throw new RangeError(`column ${column} has no letter`);
  return String.fromCharCode(65 + column);
};

/** The name a user reads for a cell: column letter then row number from 1 (`B3`). */
export const cellReference = ({ row, column }: CellPosition): string => `${columnLetter(column)}${row + 1}`;

/** `B3` → `{ row: 2, column: 1 }`; anything else → null. Lower case is accepted as typed. */
export const parseCellReference = (text: string): CellPosition | null => {
  const match = REFERENCE.exec(text.trim().toUpperCase());
  if (!match) return null;
  return { row: Number(match[2]) - 1, column: match[1].charCodeAt(0) - 65 };
};

/**
 * A reading of a grid's cells in which each cell is computed once, whatever reads it, and a cell
 * that ends up reading itself through others reads as `none` rather than looping: what the
 * displayed values and the units of a grid both walk.
 */
export const memoizedCells = <Cell, T>(
  grid: readonly (readonly Cell[])[],
  none: T,
  compute: (position: CellPosition, cell: Cell) => T,
): ((position: CellPosition) => T) => {
  const done = new Map<string, T>();
  const visiting = new Set<string>();
  return (position) => {
    const cell = grid[position.row]?.[position.column];
    if (!cell) return none;
    const key = cellReference(position);
    if (done.has(key)) return done.get(key)!;
    if (visiting.has(key)) return none;
    visiting.add(key);
    const value = compute(position, cell);
    visiting.delete(key);
    done.set(key, value);
    return value;
  };
};
