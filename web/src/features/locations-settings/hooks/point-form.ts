import type { Baseline, Point, PointCalculation, PointInput, Target } from '@shared/schemas/point';
import { pointInputSchema } from '@shared/schemas/point';
import { DEFAULT_CALCULATION, type Calculation, type SeriesType } from '@shared/series/calculations';
import { checkFormula, type FormulaCheck } from '@shared/series/formula';
import { calculationStep } from '@shared/series/calculation-settings';
import { DateTime } from 'luxon';

/** What a saved point sends back when only some of its fields change (bulk hide-on-map). */
export const toPointInput = (point: Point): PointInput => {
  const { customer: _customer, last_data_date: _last, created_at: _created, updated_at: _updated, ...input } = point;
  return pointInputSchema.parse(input);
};

export interface TagRow {
  key: string;
  name: string;
  display_name: string;
  value: string;
}

export interface SourceRow {
  key: string;
  point_id: string | null;
  point_calculation: Calculation;
  replacement_letter: string;
}

export interface PointForm {
  name: string;
  technical_id: string;
  resource: string | null;
  application: string | null;
  /** The data source the point's values come from (none: files, manual entry, the API). */
  data_source: string | null;
  series_type: string | null;
  unit: string;
  periodicity: string;
  location: string[];
  default_color: string;
  active: boolean;
  hide_on_maplytics: boolean;
  tags: TagRow[];
  allow_operating_range: boolean;
  operating_range_operator: string | null;
  operating_range_low: number | string;
  operating_range_high: number | string;
  calculated: boolean;
  formula: string;
  sources: SourceRow[];
  /** Compute at another step than the point's periodicity (degree-days need one day). */
  force_periodicity: boolean;
  forced_periodicity: string;
  /** Local date-times ('yyyy-MM-ddTHH:mm', in the point's zone) bounding the calculation; '' is open. */
  apply_from: string;
  apply_to: string;
  optimization_allowed: boolean;
  baselines: Baseline[];
  targets: Target[];
}

let rowCounter = 0;
export const rowKey = (): string => `row-${(rowCounter += 1)}`;

export const emptyPointForm = (location: string[]): PointForm => ({
  name: '',
  technical_id: '',
  resource: 'electricity',
  application: null,
  data_source: null,
  series_type: 'index',
  unit: 'kWh',
  periodicity: '600',
  location,
  default_color: '#1c7ed6',
  active: true,
  hide_on_maplytics: false,
  tags: [],
  allow_operating_range: false,
  operating_range_operator: null,
  operating_range_low: '',
  operating_range_high: '',
  calculated: false,
  formula: '',
  sources: [],
  force_periodicity: false,
  forced_periodicity: '86400',
  apply_from: '',
  apply_to: '',
  optimization_allowed: true,
  baselines: [],
  targets: [],
});

const LOCAL_INPUT = "yyyy-MM-dd'T'HH:mm";

/** An instant as a datetime-local input shows it, in the point's zone. */
export const toLocalInput = (iso: string | null, zone: string): string =>
  iso ? DateTime.fromISO(iso, { setZone: true }).setZone(zone).toFormat(LOCAL_INPUT) : '';

/** A datetime-local input's value, read in the point's zone, as an ISO instant with offset. */
export const fromLocalInput = (value: string, zone: string): string | null => {
  if (!value) return null;
  const local = DateTime.fromISO(value, { zone });
  return local.isValid ? local.toISO({ suppressMilliseconds: true }) : null;
};

export const pointFormOf = (point: Point, zone: string): PointForm => ({
  name: point.name,
  technical_id: point.technical_id,
  resource: point.resource,
  application: point.application,
  data_source: point.source,
  series_type: point.series_type,
  unit: point.unit,
  periodicity: String(point.periodicity),
  location: [...point.location],
  default_color: point.default_color,
  active: point.active,
  hide_on_maplytics: point.hide_on_maplytics,
  tags: Object.values(point.tags).map((tag) => ({ key: rowKey(), ...tag })),
  allow_operating_range: point.allow_operating_range,
  operating_range_operator: point.operating_range_operator,
  operating_range_low: point.operating_range_low ?? '',
  operating_range_high: point.operating_range_high ?? '',
  calculated: point.calculation !== null && (point.calculation.formula.trim() !== '' || point.calculation.points_list.length > 0),
  formula: point.calculation?.formula ?? '',
  sources: (point.calculation?.points_list ?? []).map((entry) => ({ key: rowKey(), ...entry })),
  force_periodicity: point.calculation?.force_periodicity_reference ?? false,
  forced_periodicity: String(point.calculation?.periodicity_reference_forced ?? 86400),
  apply_from: toLocalInput(point.calculation?.apply_from ?? null, zone),
  apply_to: toLocalInput(point.calculation?.apply_to ?? null, zone),
  optimization_allowed: point.calculation?.optimization_allowed ?? true,
  baselines: [...point.baselines],
  targets: [...point.targets],
});

const UNIT_CATEGORY: Record<string, 'temperature' | 'electricity' | 'volume'> = {
  kWh: 'electricity',
  MWh: 'electricity',
  W: 'electricity',
  kW: 'electricity',
  MW: 'electricity',
  '°C': 'temperature',
  '°F': 'temperature',
  c: 'temperature',
  f: 'temperature',
  'm³': 'volume',
  L: 'volume',
};

const numberOrNull = (value: number | string): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);

/** The letters the formula may use: those of source rows bound to a point. */
export const lettersOf = (sources: readonly SourceRow[]): string[] => sources.filter((row) => row.point_id).map((row) => row.replacement_letter);

/** The step the calculation runs at, by the same rule as the server's. */
export const calculationStepOf = (form: PointForm): number =>
  calculationStep(
    {
      force_periodicity_reference: form.force_periodicity,
      periodicity_reference_forced: Number(form.forced_periodicity) || null,
      periodicity_reference: Number(form.periodicity) || null,
    },
    Number(form.periodicity),
  );

export const formulaCheckOf = (form: PointForm): FormulaCheck =>
  checkFormula(form.formula, { letters: lettersOf(form.sources), periodicity: calculationStepOf(form) || null });

export const defaultCalculationOf = (seriesType: string | null): Calculation =>
  DEFAULT_CALCULATION[(seriesType ?? 'index') as SeriesType] ?? 'diff';

/** The body of POST / PUT /api/v1/points, before the shared schema checks it. */
export const pointBodyOf = (form: PointForm, base: Point | null, zone: string): unknown => {
  const unit = form.unit.trim();
  const calculation: PointCalculation | null =
    form.calculated && (form.formula.trim() !== '' || form.sources.length > 0)
      ? {
          periodicity_reference: Number(form.periodicity),
          force_periodicity_reference: form.force_periodicity,
          periodicity_reference_forced: form.force_periodicity ? Number(form.forced_periodicity) || null : null,
          apply_from: fromLocalInput(form.apply_from, zone),
          apply_to: fromLocalInput(form.apply_to, zone),
          optimization_allowed: form.optimization_allowed,
          formula: form.formula,
          points_list: form.sources
            .filter((row) => row.point_id)
            .map((row) => ({ point_id: row.point_id!, point_calculation: row.point_calculation, replacement_letter: row.replacement_letter })),
          is_formula_valid: formulaCheckOf(form).valid,
          formula_error: null,
        }
      : null;
  const range = form.allow_operating_range;
  const operator = form.operating_range_operator;
  return {
    ...(base
      ? {
          _id: base._id,
          replacement_letter: base.replacement_letter,
        }
      : {}),
    baselines: form.baselines,
    targets: form.targets,
    name: form.name,
    technical_id: form.technical_id,
    resource: form.resource,
    application: form.resource === 'thermal' ? form.application : null,
    source: form.data_source,
    unit,
    unit_object: unit ? { category: UNIT_CATEGORY[unit] ?? 'custom', s: unit } : null,
    series_type: form.series_type,
    location: form.location,
    default_color: form.default_color,
    active: form.active,
    hide_on_maplytics: form.hide_on_maplytics,
    periodicity: Number(form.periodicity),
    tags: Object.fromEntries(
      form.tags
        .filter((row) => row.name.trim())
        .map((row) => [row.name.trim(), { name: row.name.trim(), display_name: row.display_name.trim() || row.name.trim(), value: row.value }]),
    ),
    allow_operating_range: range,
    operating_range_operator: range ? operator : null,
    operating_range_low: range && operator !== 'lt' && operator !== 'lte' ? numberOrNull(form.operating_range_low) : null,
    operating_range_high: range && operator !== 'gt' && operator !== 'gte' ? numberOrNull(form.operating_range_high) : null,
    calculation,
  };
};

/** Periodicities in seconds as the user reads them: 1 min … 1 an. */
export const periodicityParts = (seconds: number): { count: number; unit: 'minute' | 'hour' | 'day' | 'week' | 'month' | 'year' } => {
  if (seconds % 31536000 === 0) return { count: seconds / 31536000, unit: 'year' };
  if (seconds % 2592000 === 0) return { count: seconds / 2592000, unit: 'month' };
  if (seconds % 604800 === 0) return { count: seconds / 604800, unit: 'week' };
  if (seconds % 86400 === 0) return { count: seconds / 86400, unit: 'day' };
  if (seconds % 3600 === 0) return { count: seconds / 3600, unit: 'hour' };
  return { count: Math.round(seconds / 60), unit: 'minute' };
};
