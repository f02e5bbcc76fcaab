import type { MaplyticsSettings } from '@shared/maplytics/levels';
import { bucketsOfPeriod, evolutionPercent, totalOfBuckets } from '@shared/maplytics/period-values';
import { energyRating, RATING_UNIT, ratingWindow } from '@shared/maplytics/rating';
import { decideOwnedAccess } from '@shared/permissions/ownership';
import { locationLabel } from '@shared/permissions/location-visibility';
import type { Location } from '@shared/schemas/location';
import type { MapMarker, MaplyticsAnswer, MaplyticsPoint, MaplyticsPoints, MaplyticsPointsQuery } from '@shared/schemas/maplytics';
import type { Point } from '@shared/schemas/point';
import type { SeriesAnswer } from '@shared/schemas/series';
import { DEFAULT_CALCULATION } from '@shared/series/calculations';
import { localIso } from '@shared/series/buckets';
import { periodRange } from '@shared/series/period-range';
import { roundForUnit } from '@shared/series/rounding';
import { getLogCountsOf, listAlertsOfCustomerFromIndex } from '../data/alert-repository';
import { setLocationMaplyticsSettings } from '../data/location-repository';
import { getMapSummary, listMapSummaries, type RatedMeter, type SiteSummary } from '../data/map-summary';
import { latestFetchedDates } from '../data/fetched-dates-repository';
import { compareOrderKeys, getPoints, pointOrderKey, setPointMaplyticsSettings } from '../data/point-repository';
import { AppError } from '../errors';
import { customerOf, viewerOf, type Caller } from './caller';
import { listOpenableLocations, requireVisibleLocation } from './location-service';
import { visiblePointsByIds } from './point-service';
import { querySeriesOfPoints } from './series-service';
import { laterDate } from './last-data-dates';

/**
 * Maplytics (spec 2 §2, §3 "Map marker", §4): the caller's located sites as markers rated by
 * their energy per m² and counting their open alerts, the points of a site with their figures
 * over a period, and the levels saved per site and per point. Every number comes from the series
 * engine; what a caller sees follows the location permission (hidden sites never show).
 */

/** The points maplytics shows for a site: its own, less those left out of maplytics. */
const shownPointsOf = <P extends Pick<Point, 'location' | 'hide_on_maplytics'>>(points: readonly P[], locationId: string): P[] =>
  points.filter((point) => point.location.includes(locationId) && !point.hide_on_maplytics);

/** How early a summary's date of a meter's last value may be: ingestion moves it once a UTC day. */
const SUMMARY_DATE_SLACK_MS = 2 * 24 * 3_600_000;

/**
 * Whether a meter may have a value in a window: one whose last value came before it (or that never
 * had one) has none there. The summary's date may be a day early, so a meter within two days of the
 * window's start is read (a read for nothing at worst, never a value missed).
 */
const hasValuesSince = (meter: Pick<RatedMeter, 'last_data_date'>, from: number): boolean =>
  meter.last_data_date !== null && Date.parse(meter.last_data_date) >= from - SUMMARY_DATE_SLACK_MS;

/** What the series engine reads of a rated meter, from its summary entry. */
const seriesPointOf = (customer: string, meter: RatedMeter) => ({ _id: meter._id, customer, name: '', series_type: meter.series_type, unit: meter.unit, location: [meter.location] });

/**
 * The energy of each rated point over its site's rating window, month by month, in kWh (one engine
 * call per zone). Only the points with a value in the window are read: of a large customer's
 * thousands of rated meters, those that never had one (or none since) would each cost a read for nothing.
 */
const monthlyEnergy = async (customer: string, located: readonly Location[], ratedOf: (location: Location) => readonly RatedMeter[], locations: readonly Location[], now: number) => {
  const byZone = new Map<string, Map<string, ReturnType<typeof seriesPointOf>>>();
  for (const location of located) {
    const zone = byZone.get(location.timezone) ?? new Map<string, ReturnType<typeof seriesPointOf>>();
    const from = ratingWindow(now, location.timezone).from;
    for (const meter of ratedOf(location)) if (hasValuesSince(meter, from)) zone.set(meter._id, seriesPointOf(customer, meter));
    byZone.set(location.timezone, zone);
  }
  const energy = new Map<string, (number | null)[]>();
  for (const [zone, rated] of byZone) {
    if (rated.size === 0) continue;
    const window = ratingWindow(now, zone);
    const answer = await querySeriesOfPoints(
      [...rated.values()].map((point) => ({ point, calculation: DEFAULT_CALCULATION[point.series_type], conversion: point.unit === RATING_UNIT ? null : RATING_UNIT })),
      locations,
      { points: [], period_type: 'dateToDate', period: 'year', sampling: 'month', offset: 0, start: new Date(window.from).toISOString(), end: new Date(window.to).toISOString() },
      now,
    );
    for (const series of answer.series) energy.set(`${zone}|${series.point}`, series.values);
  }
  return (location: Location, rated: readonly RatedMeter[]) => rated.flatMap((meter) => energy.get(`${location.timezone}|${meter._id}`) ?? []);
};

/**
 * Open log entries (not acquitted) per point, of the active alerts the caller may read: the alerts
 * from GSI1, then the log counts of those alone by key (neither a Query of the customer's partition).
 */
const openAlertsByPoint = async (caller: Caller, customerId: string) => {
  const viewer = viewerOf(caller);
  const alerts = (await listAlertsOfCustomerFromIndex(customerId)).filter((alert) => alert.active && decideOwnedAccess(viewer, alert, 'read') === 'allowed');
  const counts = await getLogCountsOf(customerId, alerts.map((alert) => alert._id));
  const open = alerts.flatMap((alert) => {
    const found = counts.get(alert._id);
    const pending = found ? found.total_count - found.total_acquitted : 0;
    if (pending <= 0) return [];
    return [{ points: new Set(alert.points.map((entry) => entry.point)), pending }];
  });
  // Each point's open alerts, so that a site sums those of its points without going through every alert.
  const alertsOfPoint = new Map<string, number[]>();
  open.forEach((alert, index) => {
    for (const point of alert.points) alertsOfPoint.set(point, [...(alertsOfPoint.get(point) ?? []), index]);
  });
  return (shown: readonly string[]) => {
    const counted = new Set(shown.flatMap((point) => alertsOfPoint.get(point) ?? []));
    return [...counted].reduce((sum, index) => sum + open[index].pending, 0);
  };
};

const boundsOf = (markers: readonly MapMarker[]): Pick<MaplyticsAnswer, 'bounds' | 'center'> => {
  if (markers.length === 0) return { bounds: null, center: null };
  const lats = markers.map((marker) => marker.latitude);
  const lngs = markers.map((marker) => marker.longitude);
  const southwest = { lat: Math.min(...lats), lng: Math.min(...lngs) };
  const northeast = { lat: Math.max(...lats), lng: Math.max(...lngs) };
  return { bounds: { southwest, northeast }, center: { lat: (southwest.lat + northeast.lat) / 2, lng: (southwest.lng + northeast.lng) / 2 } };
};

/** `GET /api/v1/maplytics`: a marker per site the caller may open that has coordinates. */
export const listMarkers = async (caller: Caller, now: number = Date.now()): Promise<MaplyticsAnswer> => {
  const customerId = customerOf(caller);
  // The sites' summaries (their shown points and rated meters, kept by the points' writers), not the customer's points.
  const [{ openable, all }, summaries, alertsOf] = await Promise.all([listOpenableLocations(caller), listMapSummaries(customerId), openAlertsByPoint(caller, customerId)]);
  const located = openable.filter((location) => location.coordinates !== null);
  const summaryOf = (location: Location): SiteSummary => summaries.get(location._id) ?? { site: location._id, shown: [], rated: [] };
  const energyOf = await monthlyEnergy(customerId, located, (location) => summaryOf(location).rated, all, now);
  const markers = located.map((location): MapMarker => {
    const { shown, rated } = summaryOf(location);
    const monthly = energyOf(location, rated);
    const window = ratingWindow(now, location.timezone);
    return {
      location_id: location._id,
      latitude: location.coordinates!.location.lat,
      longitude: location.coordinates!.location.lng,
      title: locationLabel(location),
      absolute_energy_rating: energyRating(monthly, location.surface),
      alerts_found: alertsOf(shown),
      maplytics: {
        address: location.address,
        surface: location.surface,
        timezone: location.timezone,
        energy_kwh: roundForUnit(totalOfBuckets('sum', monthly), RATING_UNIT),
        rating_from: localIso(window.from, location.timezone),
        rating_to: localIso(window.to, location.timezone),
        points_count: shown.length,
        maplytics_custom_settings: location.maplytics_custom_settings,
      },
    };
  });
  return { markers, ...boundsOf(markers) };
};

const figuresOf = (point: Point, current: SeriesAnswer, previous: SeriesAnswer, index: number): Pick<MaplyticsPoint, 'figures' | 'buckets'> => {
  const calculation = DEFAULT_CALCULATION[point.series_type];
  const now = current.series[index];
  const before = previous.series[index];
  const value = totalOfBuckets(calculation, now.values);
  const earlier = totalOfBuckets(calculation, before.values);
  return {
    figures: {
      calculation,
      unit: now.unit,
      value: roundForUnit(value, now.unit),
      previous: roundForUnit(earlier, now.unit),
      evolution: roundForUnit(evolutionPercent(value, earlier), '%'),
    },
    buckets: { dates: current.calendars[now.calendar].dates, values: now.values },
  };
};

/**
 * `GET /api/v1/points/maplytics/{locationId}`: the site's shown points with the period's figure of
 * their series type's default calculation, the previous period's and the change, and the period
 * in buckets for the detail panel.
 */
export const listMaplyticsPoints = async (caller: Caller, locationId: string, query: MaplyticsPointsQuery, now: number = Date.now()): Promise<MaplyticsPoints> => {
  const customerId = customerOf(caller);
  // The site's summary says which points are its; only those are read whole (and checked), in the lists' order.
  const [{ openable, all }, summary] = await Promise.all([listOpenableLocations(caller), getMapSummary(customerId, locationId)]);
  const location = openable.find((candidate) => candidate._id === locationId);
  if (!location) throw new AppError('not_found');
  // The last data dates source fetches recorded since the points' own (issue 41), read beside them.
  const [whole, fetchedDates] = await Promise.all([getPoints(customerId, summary.shown), summary.shown.length > 0 ? latestFetchedDates(customerId) : new Map<string, number>()]);
  const shown = shownPointsOf([...whole.values()], locationId).sort((a, b) => compareOrderKeys(pointOrderKey(a), pointOrderKey(b)));
  const sampling = bucketsOfPeriod(query.period_type, query.period);
  const seriesQuery = { points: [], period_type: query.period_type, period: query.period, sampling, offset: query.offset, start: null, end: null };
  const requested = shown.map((point) => ({ point, calculation: DEFAULT_CALCULATION[point.series_type], conversion: null }));
  const [current, previous] = requested.length
    ? await Promise.all([
        querySeriesOfPoints(requested, all, seriesQuery, now),
        querySeriesOfPoints(requested, all, { ...seriesQuery, offset: query.offset + 1 }, now),
      ])
    : [null, null];
  const range = periodRange({ periodType: query.period_type, period: query.period, offset: query.offset }, now, location.timezone, null);
  return {
    location: { _id: location._id, title: locationLabel(location), maplytics_custom_settings: location.maplytics_custom_settings },
    period: {
      ...query,
      sampling,
      timezone: location.timezone,
      from: localIso(range.from, location.timezone),
      to: localIso(Math.min(range.to, now), location.timezone),
    },
    points: shown.map((point, index) => ({
      _id: point._id,
      name: point.name,
      technical_id: point.technical_id,
      resource: point.resource,
      series_type: point.series_type,
      unit: point.unit,
      default_color: point.default_color,
      last_data_date: laterDate(point.last_data_date, fetchedDates.get(point._id)),
      maplytics_custom_settings: point.maplytics_custom_settings,
      ...figuresOf(point, current!, previous!, index),
    })),
  };
};

/** `PUT /api/v1/locations/maplytics_settings/{locationId}`: a site the caller may open. */
export const saveLocationMaplyticsSettings = async (caller: Caller, locationId: string, settings: MaplyticsSettings) => {
  await requireVisibleLocation(caller, locationId);
  await setLocationMaplyticsSettings(customerOf(caller), locationId, settings);
  return { _id: locationId, maplytics_custom_settings: settings };
};

/** `PUT /api/v1/points/maplytics_settings/{pointId}`: a point the caller sees. */
export const savePointMaplyticsSettings = async (caller: Caller, pointId: string, settings: MaplyticsSettings) => {
  if ((await visiblePointsByIds(caller, [pointId])).points.length === 0) throw new AppError('not_found');
  await setPointMaplyticsSettings(customerOf(caller), pointId, settings);
  return { _id: pointId, maplytics_custom_settings: settings };
};
