import type { SeriesAnswer } from '../schemas/series';
import type { WidgetData } from '../schemas/widget-data';
import type { RawColumn } from './csv';

/** Raw rows named after their point as the frame names it (the raw answer carries point ids only). */
export const rawColumnsOf = (raw: NonNullable<WidgetData['raw']>, frame: SeriesAnswer | null): RawColumn[] =>
  raw.map((column) => {
    const series = frame?.series.find((candidate) => candidate.point === column.point);
    return { name: series?.name ?? column.point, unit: series?.unit ?? '', rows: column.rows };
  });
