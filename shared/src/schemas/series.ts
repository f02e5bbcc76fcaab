import * as z from 'zod';
import { calculationSchema } from '../series/calculations';
import { periodSchema, periodTypeSchema, samplingSchema } from '../series/sampling';
import { idSchema } from './common';

export const STATUS_CODES = ['1', '2', '3', '4', '5', '6', '7', '8', 'H'] as const;
export const statusCodeSchema = z.enum(STATUS_CODES);

/** One value sent by manual entry, the saved-data queue or an API client. */
export const dataEntrySchema = z.object({
  point: idSchema,
  date: z.string().datetime({ offset: true }),
  value: z.number().finite(),
  automated_datetime: z.boolean().default(false),
  status: statusCodeSchema.optional(),
});
export type DataEntry = z.infer<typeof dataEntrySchema>;

const entriesSchema = z.union([dataEntrySchema, z.array(dataEntrySchema).min(1).max(5000)]);

/** `POST /api/v1/data`: `{ data: entry | entry[] }` or the entry (or array) itself. */
export const dataIngestRequestSchema = z
  .union([z.object({ data: entriesSchema }), entriesSchema])
  .transform((body) => {
    const entries = Array.isArray(body) ? body : 'data' in body ? body.data : body;
    return Array.isArray(entries) ? entries : [entries];
  });

export const seriesQuerySchema = z
  .object({
    points: z
      .array(
        z.object({
          point: idSchema,
          calculation: calculationSchema.optional(),
          unit_conversion: z.object({ to: z.string().min(1).max(20) }).nullish(),
        }),
      )
      .min(1)
      .max(50),
    sampling: samplingSchema.default('day'),
    period_type: periodTypeSchema.default('fixedPeriod'),
    period: periodSchema.default('month'),
    /** Periods before the current one: 0 is the current period. */
    offset: z.number().int().min(0).max(1000).default(0),
    start: z.string().datetime({ offset: true }).nullish(),
    end: z.string().datetime({ offset: true }).nullish(),
  })
  .refine((query) => query.period_type !== 'dateToDate' || (query.start && query.end), {
    message: 'start and end are required for dateToDate',
  })
  .refine((query) => query.period_type !== 'dateToDate' || !query.start || !query.end || Date.parse(query.end) > Date.parse(query.start), {
    message: 'end must be after start',
  });
export type SeriesQuery = z.infer<typeof seriesQuerySchema>;

/**
 * The bucket starts of a range in one zone's calendar, as local ISO date-times with the zone's
 * offset. Every series of an answer that has the same zone and range shares one calendar, so a
 * 10-point chart carries its dates once.
 */
export const seriesCalendarSchema = z.object({
  timezone: z.string(),
  from: z.string(),
  to: z.string(),
  dates: z.array(z.string()),
});
export type SeriesCalendar = z.infer<typeof seriesCalendarSchema>;

export const pointSeriesSchema = z.object({
  point: idSchema,
  name: z.string(),
  calculation: z.string(),
  unit: z.string(),
  timezone: z.string(),
  /** Index of this series' calendar in `calendars`; `values[i]` is the bucket starting at its `dates[i]`. */
  calendar: z.number().int(),
  values: z.array(z.number().nullable()),
});
export type PointSeries = z.infer<typeof pointSeriesSchema>;

/** `POST /api/v1/series/query`: a frame of columns — dates per calendar, values per series. */
export const seriesAnswerSchema = z.object({
  sampling: z.string(),
  period: z.string(),
  calendars: z.array(seriesCalendarSchema),
  series: z.array(pointSeriesSchema),
});
export type SeriesAnswer = z.infer<typeof seriesAnswerSchema>;

/** One series as date/value pairs, for consumers that want rows. */
export const bucketsOf = (answer: SeriesAnswer, index: number): { date: string; value: number | null }[] => {
  const series = answer.series[index];
  const { dates } = answer.calendars[series.calendar];
  return series.values.map((value, position) => ({ date: dates[position], value }));
};
