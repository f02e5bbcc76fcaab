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
