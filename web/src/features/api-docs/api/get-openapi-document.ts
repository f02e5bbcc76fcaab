import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { API } from '@shared/api/routes';
import { callApi } from '../../../lib/http';

/** The OpenAPI document the API serves: the same one integrators download. */
export const getOpenApiDocument = (): Promise<Record<string, unknown>> => callApi(API.getOpenApiDocument, {});

export const openApiDocumentQueryOptions = () => queryOptions({ queryKey: ['openapi-document'], queryFn: getOpenApiDocument, staleTime: Infinity });

export const useOpenApiDocument = () => useSuspenseQuery(openApiDocumentQueryOptions());
