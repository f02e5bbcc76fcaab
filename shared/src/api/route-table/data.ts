import * as z from 'zod';
import { ipmvpAggregateRequestSchema } from '../../schemas/point-requests';
import { dataIngestRequestSchema, seriesAnswerSchema, seriesQuerySchema } from '../../schemas/series';
import { idSchema } from '../../schemas/common';
import { dataDeletionResponseSchema, ingestResponseSchema, ipmvpAggregateResponseSchema } from '../responses';
import { route, SETTINGS, type GroupRoutes } from '../define-route';

/** A bound of a range of values: a date, a date-time, or `none` for an open side. */
const rangeBound = z.union([z.literal('none'), z.string().regex(/^\d{4}-\d{2}-\d{2}$/), z.iso.datetime({ offset: true })]);

/** The routes the `data` function serves. */
export const dataRoutes = {
  ingestData: route('POST', '/api/v1/data', 'data', {
    permission: 'app.manual_entry',
    action: 'create',
    body: dataIngestRequestSchema,
    response: ingestResponseSchema,
  }),
  deleteData: route('DELETE', '/api/v2/data/{pointId}/{from}/{to}', 'data', {
    ...SETTINGS,
    action: 'delete',
    params: z.object({ pointId: idSchema, from: rangeBound, to: rangeBound }),
    response: dataDeletionResponseSchema,
  }),
  querySeries: route('POST', '/api/v1/series/query', 'data', { permission: 'app.dashboard', body: seriesQuerySchema, response: seriesAnswerSchema }),
  aggregateIpmvp: route('POST', '/api/v1/data/aggregate/IPMVP', 'data', {
    permission: 'app.dashboard',
    body: ipmvpAggregateRequestSchema,
    response: ipmvpAggregateResponseSchema,
  }),
} satisfies GroupRoutes<'data'>;
