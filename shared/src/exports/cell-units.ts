import type jsep from 'jsep';
import { parseFormula } from '../series/formula';
import type { Calculation } from '../series/calculations';
import type { ExportGrid } from '../schemas/export';
import { cellReference, parseCellReference, type CellPosition } from './cell-reference';

/** A number without a unit of its own (a constant of a formula): it takes the unit of what it meets. */
const CONSTANT = Symbol('constant');
type FormulaUnit = string | null | typeof CONSTANT;

/** The unit of what a point_data cell computes: the point's, a percentage for an evolution, none for a count. */
export const calculationUnit = (calculation: Calculation, pointUnit: string): string | null =>
  calculation === 'evo' ? '%' : calculation === 'count' ? null : pointUnit || null;

/**
 * The unit of each cell's number (issue 40 §4: every figure says its unit), for the XLSX file to
 * write it after the number: a point_data cell's from its point and calculation; an operation's when
 * it adds and subtracts figures of one unit, or scales one by a constant (the twelve months' total
 * of a row of kWh is in kWh; a ratio, a percentage of change, is not); any other cell none.
 */
export const cellUnits = (grid: ExportGrid, pointUnit: (pointId: string) => string | null): (string | null)[][] => {
  const done = new Map<string, string | null>();
  const visiting = new Set<string>();

  const unitAt = (position: CellPosition): string | null => {
    const cell = grid[position.row]?.[position.column];
    if (!cell) return null;
    const key = cellReference(position);
    if (done.has(key)) return done.get(key)!;
    if (visiting.has(key)) return null;
    visiting.add(key);
    const [definition] = cell;
    let unit: string | null = null;
    if (definition.type === 'point_data') {
      const ofPoint = pointUnit(definition.point_id);
      unit = ofPoint === null ? null : calculationUnit(definition.calculation, ofPoint);
    } else if (definition.type === 'point_operations') {
      unit = formulaUnit(definition.value);
    }
    visiting.delete(key);
    done.set(key, unit);
    return unit;
  };

  const nodeUnit = (node: jsep.Expression): FormulaUnit => {
    switch (node.type) {
      case 'Literal':
        return typeof (node as jsep.Literal).value === 'number' ? CONSTANT : null;
      case 'Identifier': {
        const position = parseCellReference((node as jsep.Identifier).name);
        return position ? unitAt(position) : null;
      }
      case 'UnaryExpression': {
        const unary = node as jsep.UnaryExpression;
        return unary.operator === '-' || unary.operator === '+' ? nodeUnit(unary.argument) : null;
      }
      case 'BinaryExpression': {
        const binary = node as jsep.BinaryExpression;
        const left = nodeUnit(binary.left);
        const right = nodeUnit(binary.right);
        if (binary.operator === '+' || binary.operator === '-') return left === CONSTANT ? right : right === CONSTANT || left === right ? left : null;
        if (binary.operator === '*') return left === CONSTANT ? right : right === CONSTANT ? left : null;
        if (binary.operator === '/') return right === CONSTANT ? left : null;
        return null;
      }
      default:
        return null;
    }
  };

  const formulaUnit = (formula: string): string | null => {
    try {
      const unit = nodeUnit(parseFormula(formula));
      return unit === CONSTANT ? null : unit;
    } catch {
      return null;
    }
  };

  return grid.map((row, rowIndex) => row.map((_, column) => unitAt({ row: rowIndex, column })));
};
