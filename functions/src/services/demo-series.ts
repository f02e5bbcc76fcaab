import type { Point } from '@shared/schemas/point';
import type { StoredValue } from '../data/raw-value-repository';

/** Small deterministic generator (mulberry32): the same demo data on every machine. */
export const seededRandom = (seed: number) => {
  let state = seed >>> 0;
  return (): number => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
};

const STEP = 10 * 60_000;
const demoPointDefaults = (): Omit<Point, '_id' | 'name' | 'technical_id' | 'resource' | 'series_type' | 'unit' | 'location' | 'customer' | 'created_at' | 'updated_at'> => ({
  application: null,
  unit_object: null,
  source: null,
  default_color: '#1c7ed6',
  active: true,
  hide_on_maplytics: false,
  periodicity: 600,
  tags: {},
  replacement_letter: null,
  allow_operating_range: false,
  operating_range_operator: null,
  operating_range_low: null,
  operating_range_high: null,
  baselines: [],
  targets: [],
  calculation: null,
  last_data_date: null,
  maplytics_custom_settings: { levels: null },
});

export const demoPoints = (customerId: string, now: string): Point[] => {
  const point = (fields: Partial<Point> & Pick<Point, '_id' | 'name' | 'technical_id' | 'resource' | 'series_type' | 'unit' | 'location'>): Point => ({
    ...demoPointDefaults(),
    customer: customerId,
    created_at: now,
    updated_at: now,
    ...fields,
  });
  /** An hourly calculation over the main index's consumption (`A`). */
  const fromIndexConsumption = (formula: string) => ({
    formula,
    points_list: [{ point_id: 'pt-elec-index', point_calculation: 'diff' as const, replacement_letter: 'A' }],
    periodicity_reference: 3600,
    force_periodicity_reference: false,
    periodicity_reference_forced: null,
    apply_from: null,
    apply_to: null,
    optimization_allowed: true,
    is_formula_valid: true,
    formula_error: null,
  });
  /** A sub-meter estimated as a share of the main index's consumption (a calculated point). */
  const shareOfIndex = (_id: string, name: string, technical_id: string, share: number, default_color: string) =>
    point({
      _id,
      name,
      technical_id,
      resource: 'electricity',
      series_type: 'counter',
      unit: 'kWh',
      location: ['loc-lyon-a'],
      periodicity: 3600,
      default_color,
      calculation: fromIndexConsumption(`A * ${share}`),
    });
  return [
    point({
      _id: 'pt-elec-index',
      name: 'Index électricité TGBT',
      technical_id: 'ELEC-LYON-A-001',
      resource: 'electricity',
      series_type: 'index',
      unit: 'kWh',
      location: ['loc-lyon-a'],
      default_color: '#f59f00',
      unit_object: { category: 'electricity', s: 'kWh' },
      baselines: [{ baseline_period: 'month', baseline_period_date: '2025-11', baseline_period_offset: 0, baseline_calculation: 'diff', baseline_point: null, value: 32_000, baseline_auto_renew: true }],
      targets: [{ target_period: 'month', target_period_date: '2025-11', target_period_offset: 0, target_calculation: 'diff', target_point: null, value: 28_000, target_auto_renew: true, coefficient_value: 12.5, coefficient_type: '%' }],
    }),
    // Meters whose yearly energy per m² gives each located demo site another colour on maplytics.
    point({ _id: 'pt-elec-siege', name: 'Électricité services généraux', technical_id: 'ELEC-LYON-SG-001', resource: 'electricity', series_type: 'counter', unit: 'kWh', location: ['loc-lyon'], default_color: '#e8590c', unit_object: { category: 'electricity', s: 'kWh' } }),
    point({ _id: 'pt-elec-b', name: 'Électricité bâtiment B', technical_id: 'ELEC-LYON-B-001', resource: 'electricity', series_type: 'counter', unit: 'kWh', location: ['loc-lyon-b'], default_color: '#fab005', unit_object: { category: 'electricity', s: 'kWh' } }),
    point({ _id: 'pt-heat-grenoble', name: 'Énergie chaufferie', technical_id: 'CHAL-GRE-001', resource: 'thermal', application: 'heating', series_type: 'counter', unit: 'kWh', location: ['loc-grenoble'], default_color: '#c92a2a', unit_object: { category: 'electricity', s: 'kWh' } }),
    point({ _id: 'pt-water-counter', name: 'Compteur eau froide', technical_id: 'EAU-LYON-B-001', resource: 'water', series_type: 'counter', unit: 'm³', location: ['loc-lyon-b'], default_color: '#1c7ed6', unit_object: { category: 'volume', s: 'm³' } }),
    point({ _id: 'pt-temp-atelier', name: 'Température atelier', technical_id: 'TEMP-GRE-ATL-001', resource: 'temperature', series_type: 'measure', unit: '°C', location: ['loc-grenoble-atelier'], default_color: '#e03131', unit_object: { category: 'temperature', s: '°C' }, allow_operating_range: true, operating_range_operator: 'between', operating_range_low: 16, operating_range_high: 26 }),
    point({ _id: 'pt-boiler-io', name: 'Marche chaudière', technical_id: 'IO-GRE-CHAUD-001', resource: 'thermal', application: 'heating', series_type: 'io', unit: '', location: ['loc-grenoble'], default_color: '#7048e8' }),
    shareOfIndex('pt-elec-lighting', 'Éclairage bâtiment A', 'CALC-LYON-A-LIGHT', 0.28, '#fab005'),
    shareOfIndex('pt-elec-hvac', 'Chauffage-ventilation bâtiment A', 'CALC-LYON-A-HVAC', 0.72, '#0c8599'),
    point({
      _id: 'pt-elec-cost',
      name: 'Coût électricité bâtiment A',
      technical_id: 'CALC-LYON-A-COST',
      resource: 'electricity',
      series_type: 'counter',
      unit: '€',
      location: ['loc-lyon-a'],
      periodicity: 3600,
      default_color: '#2f9e44',
      calculation: fromIndexConsumption('A * 0.18'),
    }),
  ];
};

/**
 * Ten-minute values of the demo meters over `days` days ending at `end`, in chunks of a day:
 * an office load curve for the electricity index, water draws on working hours, a boiler that runs
 * on cold working hours and the heated workshop's temperature that follows it; the energy of the
 * other sites' meters (services, building B, the boiler room) in the same rhythms.
 */
export function* demoSeries(customerId: string, end: number, days: number): Generator<StoredValue[]> {
  const random = seededRandom(20261122);
  // A generator of their own for the later meters, so the first ones keep their values.
  const other = seededRandom(20261123);
  const start = Math.floor((end - days * 86_400_000) / STEP) * STEP;
  let index = 125_000;
  let workshop = 18;
  for (let day = 0; day < days; day += 1) {
    const chunk: StoredValue[] = [];
    for (let step = 0; step < 144; step += 1) {
      const at = start + (day * 144 + step) * STEP;
      const local = new Date(at + 3_600_000);
      const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
      const weekday = local.getUTCDay() >= 1 && local.getUTCDay() <= 5;
      const working = weekday && hour >= 7 && hour < 19;
      const season = Math.cos(((at / 86_400_000 - 15) / 365.25) * 2 * Math.PI);
      const kw = 18 + (working ? 55 + 15 * Math.sin(((hour - 7) / 12) * Math.PI) : 0) + 6 * random();
      index += kw / 6;
      const outdoor = 12 - 8 * season + 4 * Math.sin(((hour - 9) / 24) * 2 * Math.PI) + (random() - 0.5);
      const water = working ? 0.04 + 0.12 * random() : random() < 0.1 ? 0.01 : 0;
      const boiler = outdoor < 15 && hour >= 6 && hour < 20 ? 1 : 0;
      // The workshop's air nears 20 °C within the hour once the boiler runs (its thermostat swinging a
      // few tenths), and falls back slowly toward what the outdoor air leaves it otherwise (a
      // first-order lag, per ten minutes).
      const heated = 20 + 0.3 * Math.sin((hour / 1.5) * 2 * Math.PI);
      workshop += ((boiler ? heated : 13 + 0.5 * outdoor) - workshop) * (boiler ? 0.3 : 0.04);
      const services = 12 + (working ? 48 : 0) + 4 * other();
      const buildingB = 1.5 + (working ? 5.5 : 0) + other();
      const boilerRoom = boiler ? 150 + 10 * other() : 0;
      const zone = 'Europe/Paris';
      const base = { customerId, at, status: '1' as const, zone };
      chunk.push(
        { ...base, pointId: 'pt-elec-index', value: Math.round(index * 10) / 10 },
        { ...base, pointId: 'pt-water-counter', value: Math.round(water * 1000) / 1000 },
        { ...base, pointId: 'pt-temp-atelier', value: Math.round(workshop * 10) / 10 },
        { ...base, pointId: 'pt-boiler-io', value: boiler },
        { ...base, pointId: 'pt-elec-siege', value: Math.round((services / 6) * 100) / 100 },
        { ...base, pointId: 'pt-elec-b', value: Math.round((buildingB / 6) * 100) / 100 },
        { ...base, pointId: 'pt-heat-grenoble', value: Math.round((boilerRoom / 6) * 10) / 10 },
      );
    }
    yield chunk;
  }
}
