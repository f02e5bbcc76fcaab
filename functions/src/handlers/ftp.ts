import { createHttpHandler } from '../middleware/http-handler';
import {
  createFtpRetriever,
  deleteFtpRetrieverOf,
  getFtpRetrieverOf,
  listFtpRetrievers,
  runFtpRetrieverNow,
  updateFtpRetrieverOf,
} from '../services/ftp-retriever-service';

export const handler = createHttpHandler('ftp', {
  listFtpRetrievers: ({ caller }) => listFtpRetrievers(caller),
  getFtpRetriever: ({ caller, params }) => getFtpRetrieverOf(caller, params.id),
  createFtpRetriever: ({ caller, body }) => createFtpRetriever(caller, body),
  updateFtpRetriever: ({ caller, params, body }) => updateFtpRetrieverOf(caller, params.id, body),
  deleteFtpRetriever: ({ caller, params }) => deleteFtpRetrieverOf(caller, params.id),
  runFtpRetriever: ({ caller, params }) => runFtpRetrieverNow(caller, params.id),
});
