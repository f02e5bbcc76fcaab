import * as z from 'zod';
import { ftpDeletionResponseSchema, ftpRetrieverInputSchema, ftpRetrieverSchema, ftpRunResponseSchema } from '../../schemas/ftp-retriever';
import { route, byId, type GroupRoutes } from '../define-route';

const FTP = { permission: 'app.settings.ftp' } as const;

/** The routes the `ftp` function serves. */
export const ftpRoutes = {
  // FTP and SFTP retrievers (spec 3 §7 "FTP").
  listFtpRetrievers: route('GET', '/api/v1/ftp', 'ftp', { ...FTP, response: z.array(ftpRetrieverSchema) }),
  getFtpRetriever: route('GET', '/api/v1/ftp/{id}', 'ftp', { ...FTP, params: byId, response: ftpRetrieverSchema }),
  createFtpRetriever: route('POST', '/api/v1/ftp', 'ftp', { ...FTP, action: 'create', body: ftpRetrieverInputSchema, response: ftpRetrieverSchema }),
  updateFtpRetriever: route('PUT', '/api/v1/ftp/{id}', 'ftp', { ...FTP, action: 'edit', params: byId, body: ftpRetrieverInputSchema, response: ftpRetrieverSchema }),
  deleteFtpRetriever: route('DELETE', '/api/v1/ftp/{id}', 'ftp', { ...FTP, action: 'delete', params: byId, response: ftpDeletionResponseSchema }),
  /** 'Retrieve now': starts the retrieval the schedule would, without waiting for it. */
  runFtpRetriever: route('POST', '/api/v1/ftp/{id}/run', 'ftp', { ...FTP, action: 'edit', params: byId, response: ftpRunResponseSchema }),
} satisfies GroupRoutes<'ftp'>;
