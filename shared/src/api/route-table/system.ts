import * as z from 'zod';
import { languageSchema } from '../../languages';
import { aclResponseSchema, openApiResponseSchema } from '../responses';
import { publicRoute, type GroupRoutes } from '../define-route';

/** The routes the `system` function serves. */
export const systemRoutes = {
  listLanguages: publicRoute('GET', '/api/v1/languages', 'system', { response: z.array(languageSchema) }),
  getAnonymousAcl: publicRoute('GET', '/api/v1/acl', 'system', { response: aclResponseSchema }),
  /** The document itself, not wrapped: Swagger UI, Redoc and code generators read it from this address. */
  getOpenApiDocument: publicRoute('GET', '/api/v1/openapi.json', 'system', { response: openApiResponseSchema, raw: true }),
} satisfies GroupRoutes<'system'>;
