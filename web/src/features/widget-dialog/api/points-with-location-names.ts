import type { SearchedPoint } from '../../../lib/point-search';

/** A point as the dialog shows it: with the names of its locations (found by the shared point search). */
export type PointWithLocationNames = SearchedPoint;
