import type { SeriesAnswer } from '@shared/schemas/series';
import { api } from './api';

/** The average of a point over one hour bucket, as the series engine answers it (null before any value). */
export const hourAverage = async (token: string, pointId: string, bucket: { from: number; to: number }) => {
  const answer = await api<SeriesAnswer>('POST', '/api/v1/series/query', {
    token,
    body: {
      period_type: 'dateToDate',
      period: 'day',
      sampling: 'hour',
      start: new Date(bucket.from).toISOString(),
      end: new Date(bucket.to).toISOString(),
      points: [{ point: pointId, calculation: 'avg' }],
    },
  });
  return answer.body.data?.series[0].values.at(-1) ?? null;
};
