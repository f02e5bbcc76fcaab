import { queryOptions } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import type { FtpRetrieverInput } from '@shared/schemas/ftp-retriever';
import { callApi } from '../../../lib/http';

export const FTP_KEYS = {
  all: ['ftp-retrievers'] as const,
  one: (id: string) => ['ftp-retrievers', id] as const,
};

/** The customer's retrievers with their last retrieval (the list reloads after every change, spec 3 §2). */
export const ftpRetrieversQueryOptions = () => queryOptions({ queryKey: FTP_KEYS.all, queryFn: () => callApi(API.listFtpRetrievers, {}) });

export const ftpRetrieverQueryOptions = (id: string) =>
  queryOptions({ queryKey: FTP_KEYS.one(id), queryFn: () => callApi(API.getFtpRetriever, { params: { id } }) });

export const createFtpRetriever = (input: FtpRetrieverInput) => callApi(API.createFtpRetriever, { body: input });

export const updateFtpRetriever = (id: string, input: FtpRetrieverInput) => callApi(API.updateFtpRetriever, { params: { id }, body: input });

export const deleteFtpRetriever = (id: string) => callApi(API.deleteFtpRetriever, { params: { id } });

/** 'Retrieve now': the retrieval starts on the server; the list shows its outcome when it ends. */
export const runFtpRetriever = (id: string) => callApi(API.runFtpRetriever, { params: { id } });
