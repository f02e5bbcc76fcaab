import { ipmvpAggregateRequestSchema } from '@shared/schemas/point-requests';
import { dataIngestRequestSchema, seriesQuerySchema } from '@shared/schemas/series';
import { createHttpHandler, operation, withMessage } from '../middleware/http-handler';
import { requireCaller } from '../middleware/require-caller';
import { aggregateForIpmvp } from '../services/ipmvp-service';
import { deleteValues, ingestEntries, querySeries } from '../services/series-service';

export const handler = createHttpHandler('data', {
  ingestData: operation({
    body: dataIngestRequestSchema,
    run: async (request) => withMessage(await ingestEntries(requireCaller(request), request.body), 'data_saved'),
  }),
  deleteData: operation({
    run: (request) => deleteValues(requireCaller(request), request.params.pointId, request.params.from, request.params.to),
  }),
  querySeries: operation({ body: seriesQuerySchema, run: (request) => querySeries(requireCaller(request), request.body) }),
  aggregateIpmvp: operation({
    body: ipmvpAggregateRequestSchema,
    run: (request) => aggregateForIpmvp(requireCaller(request), request.body),
  }),
});
