import { createHttpHandler, withMessage } from '../middleware/http-handler';
import { aggregateForIpmvp } from '../services/ipmvp-service';
import { querySeries } from '../services/series-service';
import { deleteValues, ingestEntries } from '../services/series-write-service';

export const handler = createHttpHandler('data', {
  ingestData: async ({ caller, body }) => withMessage(await ingestEntries(caller, body), 'data_saved'),
  deleteData: ({ caller, params }) => deleteValues(caller, params.pointId, params.from, params.to),
  querySeries: ({ caller, body }) => querySeries(caller, body),
  aggregateIpmvp: ({ caller, body }) => aggregateForIpmvp(caller, body),
});
