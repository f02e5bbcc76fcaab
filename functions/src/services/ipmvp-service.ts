import type { Calculation } from '@shared/series/calculations';
import { AppError } from '../errors';
import { querySeries } from './series-service';
import { type Caller } from './caller';

/**
 * The value a baseline or target is compared with: one calculation over one whole calendar
 * period (day, week, month or year), `offset` periods back.
 */
export const aggregateForIpmvp = async (
  caller: Caller,
  request: { sampling: 'day' | 'week' | 'month' | 'year'; point: string; calculation: Calculation; offset: number },
) => {
  const answer = await querySeries(caller, {
    points: [{ point: request.point, calculation: request.calculation }],
    sampling: request.sampling,
    period_type: 'fixedPeriod',
    period: request.sampling,
    offset: request.offset,
  });
  const [series] = answer.series;
  const value = series.values[0] ?? null;
  if (value === null) throw new AppError('no_data_found');
  const { from, to } = answer.calendars[series.calendar];
  return { value, unit: series.unit, from, to };
};
