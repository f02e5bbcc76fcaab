import type jsep from 'jsep';
import { evaluate, MATH_FUNCTIONS, parseFormula } from '../series/formula';
import { parseCellReference, type CellPosition } from './cell-reference';

/**
 * What a point_operations cell computes: a formula over other cells of the grid, named by their
 * references (`(B3 - B2) / B2 * 100`), with numbers, + - * / % ^, comparisons, `cond ? a : b`
 * and the math functions of calculated points (abs, min, max, round, floor, ceil, sqrt). A
 * referenced cell counts by its number (a point_data value, a numeric property, another
 * operation); a referenced cell without a number (empty, text, no data) leaves the result empty,
 * and so does a division by zero — a spreadsheet of energy figures never shows a made-up zero.
 * Parsed with jsep like the formulas of calculated points, never handed to eval.
 */

export const CELL_FORMULA_ERRORS = ['syntax', 'unknown_cell', 'unknown_function', 'unsupported_expression'] as const;
export type CellFormulaError = (typeof CELL_FORMULA_ERRORS)[number];

export type CellFormulaCheck = { valid: true; references: CellPosition[] } | { valid: false; error: CellFormulaError; detail?: string };

class CellFormulaProblem extends Error {
  constructor(
    readonly error: CellFormulaError,
    readonly detail?: string,
  ) {
    super(error);
  }
}

const OPERATORS = new Set(['+', '-', '*', '/', '%', '^', '>', '>=', '<', '<=', '==', '!=']);

const walk = (node: jsep.Expression, size: { rows: number; columns: number }, references: CellPosition[]): void => {
  switch (node.type) {
    case 'Literal':
      if (typeof (node as jsep.Literal).value !== 'number') throw new CellFormulaProblem('unsupported_expression', String((node as jsep.Literal).raw));
      return;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      const position = parseCellReference(name);
      if (!position || name !== name.toUpperCase() || position.row >= size.rows || position.column >= size.columns) throw new CellFormulaProblem('unknown_cell', name);
      references.push(position);
      return;
    }
    case 'UnaryExpression':
      if (!['-', '+'].includes((node as jsep.UnaryExpression).operator)) throw new CellFormulaProblem('unsupported_expression');
      return walk((node as jsep.UnaryExpression).argument, size, references);
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      if (!OPERATORS.has(binary.operator)) throw new CellFormulaProblem('unsupported_expression', binary.operator);
      walk(binary.left, size, references);
      return walk(binary.right, size, references);
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      [conditional.test, conditional.consequent, conditional.alternate].forEach((part) => walk(part, size, references));
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name : null;
      if (!callee || !Object.hasOwn(MATH_FUNCTIONS, callee)) throw new CellFormulaProblem('unknown_function', callee ?? undefined);
      if (call.arguments.length === 0) throw new CellFormulaProblem('syntax', callee);
      call.arguments.forEach((argument) => walk(argument, size, references));
      return;
    }
    default:
      throw new CellFormulaProblem('unsupported_expression', node.type);
  }
};

const parse = (formula: string): jsep.Expression => {
  try {
    return parseFormula(formula);
  } catch (error) {
    throw new CellFormulaProblem('syntax', (error as Error).message);
  }
};

/** Whether a formula reads only cells of a grid of this size, and which. */
export const checkCellFormula = (formula: string, size: { rows: number; columns: number }): CellFormulaCheck => {
  try {
    const references: CellPosition[] = [];
    walk(parse(formula), size, references);
    return { valid: true, references };
  } catch (error) {
    if (error instanceof CellFormulaProblem) return { valid: false, error: error.error, ...(error.detail ? { detail: error.detail } : {}) };
    throw error;
  }
};

/** The formula's number, reading each referenced cell's number; null when it cannot be computed. */
export const evaluateCellFormula = (formula: string, size: { rows: number; columns: number }, numberAt: (position: CellPosition) => number | null): number | null => {
  if (!checkCellFormula(formula, size).valid) return null;
  const result = evaluate(parse(formula), {
    value: (name) => numberAt(parseCellReference(name)!),
    bucket: () => ({ min: null, max: null, avg: null, seconds: 0 }),
  });
  return result === null || !Number.isFinite(result) ? null : result;
};
