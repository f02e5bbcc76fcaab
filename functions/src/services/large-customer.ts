import { CRON_PRESETS, toSchedulerExpression } from '@shared/alerts/cron';
import { DEFAULT_TIMEZONE } from '@shared/constants';
import { defaultTimeFilter, type Alert } from '@shared/schemas/alert';
import type { Customer } from '@shared/schemas/customer';
import type { Location } from '@shared/schemas/location';
import { type Point, RESOURCES } from '@shared/schemas/point';
import type { Tab } from '@shared/schemas/tab';
import { widgetInputSchema, type Widget } from '@shared/schemas/widget';
import type { Role } from '@shared/permissions/roles';
import { SERIES_TYPES, type SeriesType } from '@shared/series/calculations';
import { applyWidgetRules, madeText } from '@shared/widgets/dialog-rules';
import type { StoredValue } from '../data/raw-value-repository';
import { seededRandom } from './demo-series';
import { seedLocation } from './seed-location';

/**
 * The large customer of issue 43, as data: what a retail chain or a hospital group runs. At scale
 * 1, 1,000 sites in a tree of regions, cities and buildings spread over France (with addresses and
 * coordinates), 20,000 points of every resource and series type with tags, a month of ten-minute
 * values for a tenth of them, 50 users with per-location rights, 200 alerts and 20 dashboard tabs.
 * Everything is derived from its index (fixed ids, names and values, no clock but the series' end
 * handed in), so writing it again puts the same items back instead of adding new ones. Smaller
 * scales keep the shape (every level, resource and series type) for tests that cannot pay for the
 * full size.
 */

export const LARGE_CUSTOMER = { _id: 'cust-large', name: 'Hexagone Commerces (grand compte, 1 000 sites)' } as const;
/** Every large item was made at this date: a rewrite is the same item. */
const CREATED = '2026-01-01T00:00:00.000Z';
export const LARGE_ADMIN_ID = 'usr-lg-admin-01';
export const LARGE_ADMIN_EMAIL = 'admin@hexagone-commerces.example';

export interface LargeSize {
  sites: number;
  points: number;
  /** Share of the points that carry ten-minute values. */
  seriesShare: number;
  /** Days of ten-minute values. */
  seriesDays: number;
  users: number;
  alerts: number;
  tabs: number;
}

/** The full size of issue 43. */
export const FULL_LARGE_SIZE: LargeSize = { sites: 1000, points: 20_000, seriesShare: 0.1, seriesDays: 30, users: 50, alerts: 200, tabs: 20 };

/** The full size times `scale` (at least a site of each level, a point of each kind, a user, an alert and a tab), with any override. */
export const largeSize = (scale = 1, overrides: Partial<LargeSize> = {}): LargeSize => {
  const scaled = (value: number, least: number) => Math.max(least, Math.round(value * scale));
  return {
    sites: scaled(FULL_LARGE_SIZE.sites, 3),
    points: scaled(FULL_LARGE_SIZE.points, RESOURCES.length * SERIES_TYPES.length),
    seriesShare: FULL_LARGE_SIZE.seriesShare,
    seriesDays: FULL_LARGE_SIZE.seriesDays,
    users: scaled(FULL_LARGE_SIZE.users, 2),
    alerts: scaled(FULL_LARGE_SIZE.alerts, 1),
    tabs: scaled(FULL_LARGE_SIZE.tabs, 1),
    ...overrides,
  };
};

/** The 13 regions of metropolitan France, seven cities each: name, postcode, latitude, longitude. */
const REGIONS: { name: string; cities: [string, string, number, number][] }[] = [
  { name: 'Auvergne-Rhône-Alpes', cities: [['Lyon', '69002', 45.764, 4.8357], ['Grenoble', '38000', 45.1885, 5.7245], ['Saint-Étienne', '42000', 45.4397, 4.3872], ['Clermont-Ferrand', '63000', 45.7772, 3.087], ['Annecy', '74000', 45.8992, 6.1294], ['Valence', '26000', 44.9334, 4.8924], ['Chambéry', '73000', 45.5646, 5.9178]] },
  { name: 'Bourgogne-Franche-Comté', cities: [['Dijon', '21000', 47.322, 5.0415], ['Besançon', '25000', 47.2378, 6.0241], ['Belfort', '90000', 47.6397, 6.8638], ['Chalon-sur-Saône', '71100', 46.7806, 4.8539], ['Auxerre', '89000', 47.7982, 3.5673], ['Nevers', '58000', 46.9909, 3.159], ['Mâcon', '71000', 46.3069, 4.8287]] },
  { name: 'Bretagne', cities: [['Rennes', '35000', 48.1173, -1.6778], ['Brest', '29200', 48.3904, -4.4861], ['Quimper', '29000', 47.996, -4.1024], ['Lorient', '56100', 47.7483, -3.3702], ['Vannes', '56000', 47.6582, -2.7608], ['Saint-Brieuc', '22000', 48.5141, -2.7603], ['Saint-Malo', '35400', 48.6493, -2.0257]] },
  { name: 'Centre-Val de Loire', cities: [['Orléans', '45000', 47.9029, 1.9093], ['Tours', '37000', 47.3941, 0.6848], ['Bourges', '18000', 47.081, 2.3988], ['Blois', '41000', 47.5861, 1.3359], ['Chartres', '28000', 48.4439, 1.489], ['Châteauroux', '36000', 46.8103, 1.6913], ['Dreux', '28100', 48.7367, 1.3661]] },
  { name: 'Corse', cities: [['Ajaccio', '20000', 41.9192, 8.7386], ['Bastia', '20200', 42.6973, 9.4509], ['Porto-Vecchio', '20137', 41.5911, 9.2795], ['Corte', '20250', 42.3063, 9.1505], ['Calvi', '20260', 42.5675, 8.7572], ['Propriano', '20110', 41.6757, 8.9036], ['Ghisonaccia', '20240', 42.0157, 9.4053]] },
  { name: 'Grand Est', cities: [['Strasbourg', '67000', 48.5734, 7.7521], ['Reims', '51100', 49.2583, 4.0317], ['Metz', '57000', 49.1193, 6.1757], ['Nancy', '54000', 48.6921, 6.1844], ['Mulhouse', '68100', 47.7508, 7.3359], ['Colmar', '68000', 48.0794, 7.3585], ['Troyes', '10000', 48.2973, 4.0744]] },
  { name: 'Hauts-de-France', cities: [['Lille', '59000', 50.6292, 3.0573], ['Amiens', '80000', 49.894, 2.2958], ['Roubaix', '59100', 50.6942, 3.1746], ['Dunkerque', '59140', 51.0343, 2.3768], ['Calais', '62100', 50.9513, 1.8587], ['Beauvais', '60000', 49.4295, 2.0807], ['Arras', '62000', 50.291, 2.7775]] },
  { name: 'Île-de-France', cities: [['Paris', '75011', 48.8566, 2.3522], ['Boulogne-Billancourt', '92100', 48.8397, 2.2399], ['Saint-Denis', '93200', 48.9362, 2.3574], ['Versailles', '78000', 48.8049, 2.1204], ['Créteil', '94000', 48.7904, 2.4556], ['Nanterre', '92000', 48.8924, 2.2071], ['Évry-Courcouronnes', '91000', 48.6239, 2.4296]] },
  { name: 'Normandie', cities: [['Rouen', '76000', 49.4432, 1.0999], ['Caen', '14000', 49.1829, -0.3707], ['Le Havre', '76600', 49.4944, 0.1079], ['Cherbourg-en-Cotentin', '50100', 49.6337, -1.6222], ['Évreux', '27000', 49.0241, 1.1508], ['Alençon', '61000', 48.4329, 0.0913], ['Dieppe', '76200', 49.9229, 1.0775]] },
  { name: 'Nouvelle-Aquitaine', cities: [['Bordeaux', '33000', 44.8378, -0.5792], ['Limoges', '87000', 45.8336, 1.2611], ['Poitiers', '86000', 46.5802, 0.3404], ['Pau', '64000', 43.2951, -0.3708], ['La Rochelle', '17000', 46.1603, -1.1511], ['Bayonne', '64100', 43.4929, -1.4748], ['Angoulême', '16000', 45.6484, 0.1562]] },
  { name: 'Occitanie', cities: [['Toulouse', '31000', 43.6047, 1.4442], ['Montpellier', '34000', 43.6108, 3.8767], ['Nîmes', '30000', 43.8367, 4.3601], ['Perpignan', '66000', 42.6887, 2.8948], ['Béziers', '34500', 43.3442, 3.2158], ['Montauban', '82000', 44.0176, 1.355], ['Albi', '81000', 43.9289, 2.148]] },
  { name: 'Pays de la Loire', cities: [['Nantes', '44000', 47.2184, -1.5536], ['Angers', '49000', 47.4784, -0.5632], ['Le Mans', '72000', 48.0061, 0.1996], ['Saint-Nazaire', '44600', 47.2735, -2.2138], ['La Roche-sur-Yon', '85000', 46.6705, -1.426], ['Cholet', '49300', 47.06, -0.8797], ['Laval', '53000', 48.0707, -0.7734]] },
  { name: "Provence-Alpes-Côte d'Azur", cities: [['Marseille', '13001', 43.2965, 5.3698], ['Nice', '06000', 43.7102, 7.262], ['Toulon', '83000', 43.1242, 5.928], ['Aix-en-Provence', '13100', 43.5297, 5.4474], ['Avignon', '84000', 43.9493, 4.8055], ['Cannes', '06400', 43.5528, 7.0174], ['Gap', '05000', 44.5594, 6.0786]] },
];

const STREETS = [
  'rue de la République', 'avenue Jean Jaurès', 'boulevard Victor Hugo', 'rue Pasteur', 'place de la Gare', 'rue du Général Leclerc',
  'avenue de la Libération', 'rue des Écoles', 'rue Nationale', 'boulevard Gambetta', 'rue du Commerce', 'avenue Foch', 'rue de Verdun', 'quai des Marchands',
];

/** Kinds of buildings a chain runs, with their location type and a floor area range (m²). */
const BUILDING_KINDS: { name: string; type: Location['type']; surface: [number, number] }[] = [
  { name: 'Magasin', type: 'Tertiary', surface: [800, 4000] },
  { name: 'Bureaux', type: 'Offices', surface: [500, 6000] },
  { name: 'Entrepôt', type: 'Industry', surface: [3000, 20000] },
  { name: 'École', type: 'Collectivity', surface: [1200, 5000] },
  { name: 'Clinique', type: 'Tertiary', surface: [2000, 12000] },
  { name: 'Gymnase', type: 'Collectivity', surface: [900, 3000] },
  { name: 'Atelier', type: 'Industry', surface: [600, 8000] },
];

interface PointTemplate {
  resource: Point['resource'];
  series_type: SeriesType;
  name: string;
  unit: string;
  category: 'temperature' | 'electricity' | 'volume' | 'custom' | null;
  usage: string;
  application?: Point['application'];
}

/**
 * One point of each resource and series type (6 × 4), the three a building's values are written
 * for first: its main electricity meter, its temperature and its water meter.
 */
export const POINT_TEMPLATES: PointTemplate[] = [
  { resource: 'electricity', series_type: 'counter', name: 'Électricité générale', unit: 'kWh', category: 'electricity', usage: 'Général' },
  { resource: 'temperature', series_type: 'measure', name: 'Température ambiante', unit: '°C', category: 'temperature', usage: 'Confort' },
  { resource: 'water', series_type: 'counter', name: 'Eau froide', unit: 'm³', category: 'volume', usage: 'Sanitaires' },
  { resource: 'electricity', series_type: 'index', name: 'Index électricité TGBT', unit: 'kWh', category: 'electricity', usage: 'Général' },
  { resource: 'electricity', series_type: 'measure', name: 'Puissance appelée', unit: 'kW', category: 'custom', usage: 'Général' },
  { resource: 'electricity', series_type: 'io', name: 'Marche éclairage', unit: '', category: null, usage: 'Éclairage' },
  { resource: 'gaz', series_type: 'counter', name: 'Gaz chaufferie', unit: 'kWh', category: 'electricity', usage: 'Chauffage', application: 'heating' },
  { resource: 'gaz', series_type: 'index', name: 'Index gaz', unit: 'm³', category: 'volume', usage: 'Chauffage', application: 'heating' },
  { resource: 'gaz', series_type: 'measure', name: 'Débit gaz', unit: 'm³/h', category: 'custom', usage: 'Chauffage', application: 'heating' },
  { resource: 'gaz', series_type: 'io', name: 'Électrovanne gaz', unit: '', category: null, usage: 'Sécurité' },
  { resource: 'thermal', series_type: 'counter', name: 'Énergie chauffage', unit: 'kWh', category: 'electricity', usage: 'Chauffage', application: 'heating' },
  { resource: 'thermal', series_type: 'index', name: 'Index calories', unit: 'kWh', category: 'electricity', usage: 'Chauffage', application: 'heating' },
  { resource: 'thermal', series_type: 'measure', name: 'Puissance chaufferie', unit: 'kW', category: 'custom', usage: 'Chauffage', application: 'heating' },
  { resource: 'thermal', series_type: 'io', name: 'Marche chaudière', unit: '', category: null, usage: 'Chauffage', application: 'heating' },
  { resource: 'water', series_type: 'index', name: 'Index eau', unit: 'm³', category: 'volume', usage: 'Sanitaires' },
  { resource: 'water', series_type: 'measure', name: 'Débit eau', unit: 'm³/h', category: 'custom', usage: 'Sanitaires' },
  { resource: 'water', series_type: 'io', name: 'Vanne eau', unit: '', category: null, usage: 'Sanitaires' },
  { resource: 'temperature', series_type: 'counter', name: 'Degrés-heures', unit: '°C·h', category: 'custom', usage: 'Confort' },
  { resource: 'temperature', series_type: 'index', name: 'Index degrés-jours', unit: 'DJU', category: 'custom', usage: 'Confort' },
  { resource: 'temperature', series_type: 'io', name: 'Alarme surchauffe', unit: '', category: null, usage: 'Sécurité' },
  { resource: 'air', series_type: 'measure', name: 'CO₂ salle', unit: 'ppm', category: 'custom', usage: 'Confort' },
  { resource: 'air', series_type: 'counter', name: 'Air comprimé', unit: 'm³', category: 'volume', usage: 'Process' },
  { resource: 'air', series_type: 'index', name: 'Index air comprimé', unit: 'm³', category: 'volume', usage: 'Process' },
  { resource: 'air', series_type: 'io', name: 'Ventilation marche', unit: '', category: null, usage: 'Confort' },
];

const COLORS = ['#f59f00', '#1c7ed6', '#2f9e44', '#e03131', '#7048e8', '#0c8599', '#e8590c', '#c2255c'];
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** A fixed number in [0, 1) for a text (FNV-1a), so each item's details depend on its id only. */
export const unitHash = (text: string): number => {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) / 4294967296;
};

const locationOf = (_id: string, name: string, parent: string | null, position: number, extra: Partial<Location> = {}): Location =>
  seedLocation(LARGE_CUSTOMER._id, _id, name, parent, position, extra);

/** How many regions and cities a tree of `sites` sites has: 13 regions and 91 cities at 1,000 sites, the rest buildings. */
export const treeShape = (sites: number): { regions: number; cities: number; buildings: number } => {
  const regions = Math.min(REGIONS.length, Math.max(1, Math.ceil(sites / 77)));
  const cities = Math.min(regions * 7, Math.max(1, Math.ceil(sites / 11)));
  return { regions, cities, buildings: Math.max(1, sites - regions - cities) };
};

export interface LargeTree {
  regions: Location[];
  cities: Location[];
  buildings: Location[];
}

/** The sites: regions, their cities (at their centre), and the buildings spread round them (within about 3 km). */
export const largeTree = (size: LargeSize): LargeTree => {
  const shape = treeShape(size.sites);
  const regions = REGIONS.slice(0, shape.regions).map((region, index) =>
    locationOf(`loc-lg-r${pad(index + 1, 2)}`, region.name, null, index, { denomination: `Région ${region.name}` }),
  );
  // Cities are taken round the regions, so that every region has some.
  const cityRows = Array.from({ length: shape.cities }, (_, index) => {
    const regionIndex = index % shape.regions;
    const [name, postcode, lat, lng] = REGIONS[regionIndex].cities[Math.floor(index / shape.regions)];
    return { regionIndex, name, postcode, lat, lng, position: Math.floor(index / shape.regions) };
  });
  const cities = cityRows.map((city, index) =>
    locationOf(`loc-lg-c${pad(index + 1, 3)}`, city.name, regions[city.regionIndex]._id, city.position, {
      address: `Hôtel de ville, ${city.postcode} ${city.name}`,
      coordinates: { location: { lat: city.lat, lng: city.lng } },
    }),
  );
  const perCity = new Array<number>(cities.length).fill(0);
  const buildings = Array.from({ length: shape.buildings }, (_, index) => {
    const cityIndex = index % cities.length;
    const city = cityRows[cityIndex];
    const number = perCity[cityIndex]++;
    const _id = `loc-lg-b${pad(index + 1, 4)}`;
    const kind = BUILDING_KINDS[(index + cityIndex) % BUILDING_KINDS.length];
    const [h1, h2, h3] = [unitHash(`${_id}:lat`), unitHash(`${_id}:lng`), unitHash(`${_id}:surface`)];
    return locationOf(_id, `${kind.name} ${city.name} ${pad(number + 1, 2)}`, cities[cityIndex]._id, number, {
      type: kind.type,
      address: `${1 + Math.floor(unitHash(`${_id}:number`) * 180)} ${STREETS[index % STREETS.length]}, ${city.postcode} ${city.name}`,
      surface: Math.round(kind.surface[0] + h3 * (kind.surface[1] - kind.surface[0])),
      coordinates: { location: { lat: Math.round((city.lat + (h1 - 0.5) * 0.05) * 1e5) / 1e5, lng: Math.round((city.lng + (h2 - 0.5) * 0.07) * 1e5) / 1e5 } },
    });
  });
  return { regions, cities, buildings };
};

export interface LargePoint extends Point {
  /** Whether the seed writes ten-minute values for it. */
  withSeries: boolean;
}

/**
 * The points, spread over the buildings (about 22 each at full size), each building's first three
 * its electricity, temperature and water, the others of the other kinds in turn; the first two or
 * three of every building carry values (a tenth in all).
 */
export const largePoints = (size: LargeSize, buildings: readonly Location[], regionOf: ReadonlyMap<string, string>): LargePoint[] => {
  const withSeries = Math.round(size.points * size.seriesShare);
  const points: LargePoint[] = [];
  const base = Math.floor(size.points / buildings.length);
  const extra = size.points - base * buildings.length;
  const seriesBase = Math.floor(withSeries / buildings.length);
  const seriesExtra = withSeries - seriesBase * buildings.length;
  buildings.forEach((building, buildingIndex) => {
    const count = base + (buildingIndex < extra ? 1 : 0);
    const seriesCount = seriesBase + (buildingIndex < seriesExtra ? 1 : 0);
    for (let k = 0; k < count; k += 1) {
      // The first three are every building's; the others turn from building to building, so all kinds are there at 22 a building.
      const rotating = POINT_TEMPLATES.length - 3;
      const template = POINT_TEMPLATES[k % POINT_TEMPLATES.length < 3 ? k % POINT_TEMPLATES.length : 3 + ((k % POINT_TEMPLATES.length) - 3 + buildingIndex) % rotating];
      const round = Math.floor(k / POINT_TEMPLATES.length);
      const _id = `pt-lg-${pad(buildingIndex + 1, 4)}-${pad(k + 1, 2)}`;
      points.push({
        _id,
        name: `${template.name}${round > 0 ? ` ${round + 1}` : ''} — ${building.name}`,
        technical_id: `LG-${pad(buildingIndex + 1, 4)}-${pad(k + 1, 2)}`,
        resource: template.resource,
        application: template.application ?? null,
        unit: template.unit,
        unit_object: template.category ? { category: template.category, s: template.unit } : null,
        series_type: template.series_type,
        source: null,
        location: [building._id],
        default_color: COLORS[k % COLORS.length],
        active: true,
        hide_on_maplytics: false,
        periodicity: 600,
        tags: {
          usage: { display_name: 'Usage', name: 'usage', value: template.usage },
          region: { display_name: 'Région', name: 'region', value: regionOf.get(building._id) ?? '' },
        },
        replacement_letter: null,
        allow_operating_range: template.resource === 'temperature' && template.series_type === 'measure',
        operating_range_operator: template.resource === 'temperature' && template.series_type === 'measure' ? 'between' : null,
        operating_range_low: template.resource === 'temperature' && template.series_type === 'measure' ? 16 : null,
        operating_range_high: template.resource === 'temperature' && template.series_type === 'measure' ? 26 : null,
        baselines: [],
        targets: [],
        calculation: null,
        last_data_date: null,
        customer: LARGE_CUSTOMER._id,
        created_at: CREATED,
        updated_at: CREATED,
        maplytics_custom_settings: { levels: null },
        withSeries: k < seriesCount,
      });
    }
  });
  return points;
};

export interface LargeUser {
  _id: string;
  first_name: string;
  last_name: string;
  email: string;
  role: Role;
  allowed_locations: string[] | 'view';
}

const FIRST_NAMES = ['Camille', 'Louis', 'Léa', 'Hugo', 'Chloé', 'Jules', 'Manon', 'Lucas', 'Inès', 'Nathan', 'Sarah', 'Théo', 'Emma', 'Paul', 'Alice'];
const LAST_NAMES = ['Martin', 'Bernard', 'Dubois', 'Thomas', 'Robert', 'Richard', 'Petit', 'Durand', 'Leroy', 'Moreau', 'Simon', 'Laurent', 'Lefebvre', 'Michel', 'Garcia', 'David', 'Bertrand'];

/**
 * The users: one administrator in ten (all sites), the others members with rights over a part of
 * the tree — a region, a few cities, or a list of buildings, in turn.
 */
export const largeUsers = (size: LargeSize, tree: LargeTree): LargeUser[] =>
  Array.from({ length: size.users }, (_, index) => {
    const administrator = index % 10 === 0;
    const number = pad(index + 1, 2);
    const pick = <T>(items: readonly T[], offset: number) => items[(index * 7 + offset) % items.length];
    const allowed: string[] | 'view' = administrator
      ? 'view'
      : index % 3 === 0
        ? [pick(tree.regions, 0)._id]
        : index % 3 === 1
          ? [...new Set([pick(tree.cities, 0)._id, pick(tree.cities, 5)._id, pick(tree.cities, 11)._id])]
          : [...new Set(Array.from({ length: 12 }, (_, offset) => pick(tree.buildings, offset * 37)._id))];
    return {
      _id: index === 0 ? LARGE_ADMIN_ID : `usr-lg-${administrator ? 'admin' : 'member'}-${number}`,
      first_name: FIRST_NAMES[index % FIRST_NAMES.length],
      last_name: LAST_NAMES[index % LAST_NAMES.length],
      email: index === 0 ? LARGE_ADMIN_EMAIL : `${administrator ? 'admin' : 'membre'}${number}@hexagone-commerces.example`,
      role: administrator ? 'administrator' : 'member',
      allowed_locations: allowed,
    };
  });

/** The alerts: each building's main meter of the day before above a threshold, checked every morning, spread over the buildings. */
export const largeAlerts = (size: LargeSize, points: readonly LargePoint[]): Alert[] => {
  const meters = points.filter((point) => point.withSeries && point.resource === 'electricity' && point.series_type === 'counter');
  const candidates = meters.length > 0 ? meters : points;
  return Array.from({ length: size.alerts }, (_, index) => {
    const point = candidates[Math.floor((index * candidates.length) / size.alerts) % candidates.length];
    const cron = CRON_PRESETS[index % 2 === 0 ? 3 : 4];
    return {
      _id: `alr-lg-${pad(index + 1, 3)}`,
      customer: LARGE_CUSTOMER._id,
      user: LARGE_ADMIN_ID,
      sharing: { shared: true },
      name: `Consommation de la veille — ${point.name.split(' — ')[1] ?? point.name}`,
      active: true,
      notifications: 'email',
      frequency: 'once',
      email: { to: ['energie@hexagone-commerces.example'], cc: [], bcc: [] },
      sms: [],
      cron_time: cron,
      schedule_expression: toSchedulerExpression(cron),
      start_date: null,
      end_date: null,
      sampling: 'day',
      points: [{ point: point._id }],
      conditions: [[{ from_calculation: 'sum', from_comparison: 'current_points', operation: 'gt', to_comparison: 'value', to_value: 400 + (index % 5) * 100 }]],
      time_filter: defaultTimeFilter(),
      timezone: DEFAULT_TIMEZONE,
      language: 'fr',
      created_at: CREATED,
      updated_at: CREATED,
    };
  });
};

/** The dashboards: a shared tab per city (as many as asked), with a month's consumption, its temperatures and a table of its meters. */
export const largeDashboards = (size: LargeSize, tree: LargeTree, points: readonly LargePoint[]): { tabs: Tab[]; widgets: Widget[] } => {
  const tabs: Tab[] = [];
  const widgets: Widget[] = [];
  for (let index = 0; index < size.tabs; index += 1) {
    const city = tree.cities[index % tree.cities.length];
    const buildings = new Set(tree.buildings.filter((building) => building.parent === city._id).map((building) => building._id));
    const ofCity = points.filter((point) => point.withSeries && buildings.has(point.location[0]));
    const meters = ofCity.filter((point) => point.resource === 'electricity').slice(0, 6);
    const temperatures = ofCity.filter((point) => point.resource === 'temperature').slice(0, 4);
    const tab: Tab = {
      _id: `tab-lg-${pad(index + 1, 2)}`,
      name: `${city.name}${index >= tree.cities.length ? ` ${Math.floor(index / tree.cities.length) + 1}` : ''}`,
      parent: null,
      sharing: { shared: true },
      customer: LARGE_CUSTOMER._id,
      user: LARGE_ADMIN_ID,
      created_at: `2026-01-01T00:00:${pad(index % 60, 2)}.000Z`,
    };
    tabs.push(tab);
    const widget = (number: number, settings: Parameters<typeof widgetInputSchema.parse>[0] & object): Widget => ({
      ...applyWidgetRules(madeText(widgetInputSchema.parse({ ...settings, location: tab._id, position: number }))),
      _id: `wgt-lg-${pad(index + 1, 2)}-${number + 1}`,
      customer: LARGE_CUSTOMER._id,
      user: LARGE_ADMIN_ID,
      sharing: { shared: true },
      created_at: CREATED,
      updated_at: CREATED,
    });
    const colored = (list: readonly LargePoint[], type: 'column' | 'spline', calculation: 'sum' | 'avg') =>
      list.map((point, order) => ({ _id: point._id, color: COLORS[order % COLORS.length], type, calculation }));
    if (meters.length > 0) {
      widgets.push(widget(0, { title: `Électricité du mois — ${city.name}`, period: 'month', sampling: 'day', width_percent: 98, points: colored(meters, 'column', 'sum') }));
      widgets.push(widget(2, { type: 'table', title: 'La semaine, jour par jour', period: 'week', sampling: 'day', width_percent: 48.5, points: colored(meters.slice(0, 3), 'column', 'sum') }));
    }
    if (temperatures.length > 0) widgets.push(widget(1, { title: `Températures — ${city.name}`, period: 'week', sampling: 'hour', width_percent: 48.5, points: colored(temperatures, 'spline', 'avg') }));
  }
  return { tabs, widgets };
};

export interface LargeCustomerPlan {
  size: LargeSize;
  customer: Customer;
  tree: LargeTree;
  locations: Location[];
  points: LargePoint[];
  users: LargeUser[];
  alerts: Alert[];
  tabs: Tab[];
  widgets: Widget[];
}

/** Everything the large customer holds but its series, at this size: the same on every call. */
export const largeCustomerPlan = (size: LargeSize): LargeCustomerPlan => {
  const tree = largeTree(size);
  const regionName = new Map(tree.regions.map((region) => [region._id, region.name]));
  const cityRegion = new Map(tree.cities.map((city) => [city._id, regionName.get(city.parent!) ?? '']));
  const regionOf = new Map(tree.buildings.map((building) => [building._id, cityRegion.get(building.parent!) ?? '']));
  const points = largePoints(size, tree.buildings, regionOf);
  return {
    size,
    customer: {
      ...LARGE_CUSTOMER,
      timezone: DEFAULT_TIMEZONE,
      cca2: 'FR',
      is_premium: true,
      active: true,
      subscription_start: CREATED,
      subscription_end: null,
    },
    tree,
    locations: [...tree.regions, ...tree.cities, ...tree.buildings],
    points,
    users: largeUsers(size, tree),
    alerts: largeAlerts(size, points),
    ...largeDashboards(size, tree, points),
  };
};

const STEP = 10 * 60_000;

/** Where a month of values ends: the start of the UTC day, so a rerun the same day writes the very same values. */
export const seriesEndOf = (now: number): number => Math.floor(now / 86_400_000) * 86_400_000;

/**
 * Ten-minute values of one point over `days` days before `end`: an office load for electricity, a
 * heated room's temperature, water drawn on working hours; a counter's value is its ten minutes'
 * energy or volume, a measure its reading. Values depend on the point's id and the time only.
 */
export const largeSeriesOfPoint = (point: Pick<Point, '_id' | 'resource' | 'series_type' | 'customer'>, end: number, days: number): StoredValue[] => {
  const random = seededRandom(Math.floor(unitHash(point._id) * 4294967296));
  const scale = 0.5 + unitHash(`${point._id}:scale`) * 1.5;
  const start = end - days * 86_400_000;
  const values: StoredValue[] = [];
  let index = Math.round(10_000 * scale);
  for (let at = start; at < end; at += STEP) {
    const local = new Date(at + 3_600_000);
    const hour = local.getUTCHours() + local.getUTCMinutes() / 60;
    const working = local.getUTCDay() >= 1 && local.getUTCDay() <= 5 && hour >= 7 && hour < 19;
    let value: number;
    if (point.series_type === 'io') value = working ? 1 : 0;
    else if (point.resource === 'temperature') value = Math.round((working ? 20.5 : 17.5) * 10 + (random() - 0.5) * 10) / 10;
    else if (point.resource === 'water') value = Math.round((working ? 0.05 + 0.1 * random() : random() < 0.1 ? 0.01 : 0) * scale * 1000) / 1000;
    else {
      const kw = (8 + (working ? 40 : 0) + 4 * random()) * scale;
      value = point.series_type === 'measure' ? Math.round(kw * 10) / 10 : Math.round((kw / 6) * 100) / 100;
    }
    if (point.series_type === 'index') {
      index += value;
      value = Math.round(index * 100) / 100;
    }
    values.push({ customerId: point.customer, pointId: point._id, at, value, status: '1', zone: DEFAULT_TIMEZONE });
  }
  return values;
};
