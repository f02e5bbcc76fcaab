import type jsep from 'jsep';
import { parseFormula } from '../series/formula';
import type { Calculation } from '../series/calculations';
import type { ExportGrid } from '../schemas/export';
import { memoizedCells, parseCellReference } from './cell-reference';

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
  const unitAt = memoizedCells<ExportGrid[number][number], string | null>(grid, null, (_position, [definition]) => {
    if (definition.type === 'point_data') {
      const ofPoint = pointUnit(definition.point_id);
      return ofPoint === null ? null : calculationUnit(definition.calculation, ofPoint);
    }
    return definition.type === 'point_operations' ? formulaUnit(definition.value) : null;
  });

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
