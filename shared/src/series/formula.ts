import jsep from 'jsep';

jsep.addBinaryOp('^', 11, true);

/**
 * Formulas of calculated points: arithmetic over source points named by their replacement letters
 * (A, B … AA), a few math functions and the three domain functions of spec 3 §5. Parsed with jsep
 * and evaluated by walking the tree — nothing is ever handed to eval, and only the names below
 * exist in a formula's scope.
 */
export const MATH_FUNCTIONS = {
  abs: Math.abs,
  min: Math.min,
  max: Math.max,
  round: Math.round,
  floor: Math.floor,
  ceil: Math.ceil,
  sqrt: Math.sqrt,
} as const;

export const DOMAIN_FUNCTIONS = ['degree_days', 'elapsed_time', 'use_rate'] as const;
export type DomainFunction = (typeof DOMAIN_FUNCTIONS)[number];

export const FORMULA_ERRORS = [
  'syntax',
  'unknown_letter',
  'unknown_function',
  'unsupported_expression',
  'incomplete_function_call',
  'degree_days_periodicity',
  'degree_days_method',
  'degree_days_type',
  'degree_days_reference',
  'elapsed_time_period',
  'elapsed_time_unit',
  'use_rate_periodicity',
  'use_rate_points',
  'use_rate_save_as',
  'function_needs_point',
] as const;
export type FormulaError = (typeof FORMULA_ERRORS)[number];

export type FormulaCheck = { valid: true; letters: string[] } | { valid: false; error: FormulaError; detail?: string };

export interface FormulaContext {
  /** Letters bound to source points. */
  letters: readonly string[];
  /** Periodicity of the calculated point, seconds (forced or reference). */
  periodicity: number | null;
}

type Node = jsep.Expression;

const LETTER = /^[A-Z]{1,3}$/;
const PERIOD_WORDS = ['day', 'days', 'week', 'weeks', 'month', 'months', 'year', 'years'];
const UNIT_WORDS = ['second', 'seconds', 'minute', 'minutes', 'hour', 'hours', 'day', 'days'];

class FormulaProblem extends Error {
  constructor(
    readonly error: FormulaError,
    readonly detail?: string,
  ) {
    super(error);
  }
}

export const parseFormula = (formula: string): Node => {
  try {
    return jsep(formula.replace(/\r?\n/g, ' '));
  } catch (error) {
    throw new FormulaProblem('syntax', (error as Error).message);
  }
};

const stringArgument = (node: Node | undefined): string | null =>
  node?.type === 'Literal' && typeof (node as jsep.Literal).value === 'string' ? ((node as jsep.Literal).value as string) : null;

const letterArgument = (node: Node | undefined): string | null =>
  node?.type === 'Identifier' && LETTER.test((node as jsep.Identifier).name) ? (node as jsep.Identifier).name : null;

const numericArgument = (node: Node | undefined): number | null => {
  if (node?.type === 'Literal' && typeof (node as jsep.Literal).value === 'number') return (node as jsep.Literal).value as number;
  if (node?.type === 'UnaryExpression' && (node as jsep.UnaryExpression).operator === '-') {
    const inner = numericArgument((node as jsep.UnaryExpression).argument);
    return inner === null ? null : -inner;
  }
  return null;
};

const checkDomainCall = (name: DomainFunction, args: Node[], context: FormulaContext): void => {
  if (name === 'degree_days') {
    if (args.length < 2 || args.length > 4) throw new FormulaProblem('incomplete_function_call', name);
    if (!letterArgument(args[0])) throw new FormulaProblem('function_needs_point', name);
    if (context.periodicity !== 86400) throw new FormulaProblem('degree_days_periodicity');
    if (numericArgument(args[1]) === null) throw new FormulaProblem('degree_days_reference');
    if (args[2] && !['weather', 'costic'].includes(stringArgument(args[2]) ?? '')) throw new FormulaProblem('degree_days_method');
    if (args[3] && !['heating', 'cooling'].includes(stringArgument(args[3]) ?? '')) throw new FormulaProblem('degree_days_type');
  }
  if (name === 'elapsed_time') {
    if (args.length !== 3) throw new FormulaProblem('incomplete_function_call', name);
    if (!letterArgument(args[0])) throw new FormulaProblem('function_needs_point', name);
    if (!PERIOD_WORDS.includes(stringArgument(args[1]) ?? '')) throw new FormulaProblem('elapsed_time_period');
    if (!UNIT_WORDS.includes(stringArgument(args[2]) ?? '')) throw new FormulaProblem('elapsed_time_unit');
  }
  if (name === 'use_rate') {
    if (args.length !== 2) throw new FormulaProblem(args.length > 2 ? 'use_rate_points' : 'incomplete_function_call', name);
    if (!letterArgument(args[0])) throw new FormulaProblem('use_rate_points');
    if (context.periodicity !== 60) throw new FormulaProblem('use_rate_periodicity');
    if (!['%', 's', 'sec'].includes(stringArgument(args[1]) ?? '')) throw new FormulaProblem('use_rate_save_as');
  }
};

const walk = (node: Node, context: FormulaContext, letters: Set<string>): void => {
  switch (node.type) {
    case 'Literal':
      if (typeof (node as jsep.Literal).value !== 'number') throw new FormulaProblem('unsupported_expression', String((node as jsep.Literal).raw));
      return;
    case 'Identifier': {
      const name = (node as jsep.Identifier).name;
      if (!LETTER.test(name) || !context.letters.includes(name)) throw new FormulaProblem('unknown_letter', name);
      letters.add(name);
      return;
    }
    case 'UnaryExpression':
      if (!['-', '+', '!'].includes((node as jsep.UnaryExpression).operator)) throw new FormulaProblem('unsupported_expression');
      return walk((node as jsep.UnaryExpression).argument, context, letters);
    case 'BinaryExpression':
      walk((node as jsep.BinaryExpression).left, context, letters);
      return walk((node as jsep.BinaryExpression).right, context, letters);
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      [conditional.test, conditional.consequent, conditional.alternate].forEach((part) => walk(part, context, letters));
      return;
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      const callee = call.callee.type === 'Identifier' ? (call.callee as jsep.Identifier).name : null;
      if (callee && (DOMAIN_FUNCTIONS as readonly string[]).includes(callee)) {
        checkDomainCall(callee as DomainFunction, call.arguments, context);
        const letter = letterArgument(call.arguments[0])!;
        if (!context.letters.includes(letter)) throw new FormulaProblem('unknown_letter', letter);
        letters.add(letter);
        return;
      }
      if (!callee || !(callee in MATH_FUNCTIONS)) throw new FormulaProblem('unknown_function', callee ?? undefined);
      if (call.arguments.length === 0) throw new FormulaProblem('incomplete_function_call', callee);
      call.arguments.forEach((argument) => walk(argument, context, letters));
      return;
    }
    default:
      throw new FormulaProblem('unsupported_expression', node.type);
  }
};

/** An empty formula is valid (spec 3 §4); otherwise every name, call and argument is checked. */
export const checkFormula = (formula: string, context: FormulaContext): FormulaCheck => {
  if (formula.trim() === '') return { valid: true, letters: [] };
  try {
    const letters = new Set<string>();
    walk(parseFormula(formula), context, letters);
    return { valid: true, letters: [...letters] };
  } catch (error) {
    if (error instanceof FormulaProblem) return { valid: false, error: error.error, detail: error.detail };
    throw error;
  }
};

/** What a domain function reads of its point's bucket. */
export interface DomainInput {
  /** Bucket statistics of the point named by the function's letter. */
  min: number | null;
  max: number | null;
  avg: number | null;
  /** Bucket length in seconds. */
  seconds: number;
}

export interface EvaluationScope {
  value: (letter: string) => number | null;
  bucket: (letter: string) => DomainInput;
}

const UNIT_SECONDS: Record<string, number> = { second: 1, minute: 60, hour: 3600, day: 86400 };

/** Heating or cooling degree-days of one day, by the weather (mean) or COSTIC method. */
export const degreeDays = (input: DomainInput, reference: number, method: string, kind: string): number | null => {
  const { min, max, avg } = input;
  if (method === 'costic') {
    if (min === null || max === null) return null;
    const heating = reference >= max ? reference - (min + max) / 2 : reference <= min ? 0 : (reference - min) * (0.08 + (0.42 * (reference - min)) / (max - min));
    if (kind === 'heating') return heating;
    const cooling = reference <= min ? (min + max) / 2 - reference : reference >= max ? 0 : (max - reference) * (0.08 + (0.42 * (max - reference)) / (max - min));
    return cooling;
  }
  if (avg === null) return null;
  return kind === 'heating' ? Math.max(0, reference - avg) : Math.max(0, avg - reference);
};

const evaluateCall = (name: string, args: Node[], scope: EvaluationScope): number | null => {
  if (name === 'degree_days') {
    const letter = letterArgument(args[0])!;
    return degreeDays(scope.bucket(letter), numericArgument(args[1])!, stringArgument(args[2]) ?? 'weather', stringArgument(args[3]) ?? 'heating');
  }
  if (name === 'elapsed_time' || name === 'use_rate') {
    // An on/off point averages to the share of the bucket it was on.
    const input = scope.bucket(letterArgument(args[0])!);
    if (input.avg === null) return null;
    const onSeconds = input.avg * input.seconds;
    if (name === 'use_rate') return stringArgument(args[1]) === '%' ? input.avg * 100 : onSeconds;
    return onSeconds / UNIT_SECONDS[(stringArgument(args[2]) ?? 'second').replace(/s$/, '')];
  }
  const values = args.map((argument) => evaluate(argument, scope));
  if (values.some((value) => value === null)) return null;
  return (MATH_FUNCTIONS[name as keyof typeof MATH_FUNCTIONS] as (...numbers: number[]) => number)(...(values as number[]));
};

const BINARY: Record<string, (a: number, b: number) => number> = {
  '+': (a, b) => a + b,
  '-': (a, b) => a - b,
  '*': (a, b) => a * b,
  '/': (a, b) => a / b,
  '%': (a, b) => a % b,
  '^': (a, b) => a ** b,
  '>': (a, b) => Number(a > b),
  '>=': (a, b) => Number(a >= b),
  '<': (a, b) => Number(a < b),
  '<=': (a, b) => Number(a <= b),
  '==': (a, b) => Number(a === b),
  '!=': (a, b) => Number(a !== b),
  '&&': (a, b) => Number(Boolean(a) && Boolean(b)),
  '||': (a, b) => Number(Boolean(a) || Boolean(b)),
};

/** Evaluates a checked formula; a missing source value makes the result missing, never zero. */
export const evaluate = (node: Node, scope: EvaluationScope): number | null => {
  switch (node.type) {
    case 'Literal':
      return (node as jsep.Literal).value as number;
    case 'Identifier':
      return scope.value((node as jsep.Identifier).name);
    case 'UnaryExpression': {
      const value = evaluate((node as jsep.UnaryExpression).argument, scope);
      if (value === null) return null;
      const operator = (node as jsep.UnaryExpression).operator;
      return operator === '-' ? -value : operator === '!' ? Number(!value) : value;
    }
    case 'BinaryExpression': {
      const binary = node as jsep.BinaryExpression;
      const left = evaluate(binary.left, scope);
      const right = evaluate(binary.right, scope);
      if (left === null || right === null) return null;
      const result = BINARY[binary.operator]?.(left, right);
      return result === undefined || !Number.isFinite(result) ? null : result;
    }
    case 'ConditionalExpression': {
      const conditional = node as jsep.ConditionalExpression;
      const test = evaluate(conditional.test, scope);
      if (test === null) return null;
      return evaluate(test ? conditional.consequent : conditional.alternate, scope);
    }
    case 'CallExpression': {
      const call = node as jsep.CallExpression;
      return evaluateCall((call.callee as jsep.Identifier).name, call.arguments, scope);
    }
    default:
      return null;
  }
};
