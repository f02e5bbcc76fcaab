import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApiForFile } from '../../../lib/http';

/** The OpenAPI document the API serves as it is (no envelope): the same one integrators download. */
export const getOpenApiDocument = async (): Promise<Record<string, unknown>> =>
  JSON.parse(await (await callApiForFile(API.getOpenApiDocument, { accept: 'application/json' })).blob.text()) as Record<string, unknown>;

export const openApiDocumentQueryOptions = () => queryOptions({ queryKey: ['openapi-document'], queryFn: getOpenApiDocument, staleTime: Infinity });

export const useOpenApiDocument = () => useSuspenseQuery(openApiDocumentQueryOptions());
