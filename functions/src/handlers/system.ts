import { buildOpenApiDocument } from '@shared/api/openapi';
import { ANONYMOUS_PERMISSIONS } from '@shared/permissions/default-permissions';
import { LANGUAGE_LIST } from '@shared/languages';
import { createHttpHandler } from '../middleware/http-handler';

/** Built once per function instance: the route table does not change while it runs. */
let openApiDocument: ReturnType<typeof buildOpenApiDocument> | null = null;

export const handler = createHttpHandler('system', {
  getAnonymousAcl: async () => ANONYMOUS_PERMISSIONS,
  getOpenApiDocument: async () => (openApiDocument ??= buildOpenApiDocument('0.1.0')),
  listLanguages: async () => [...LANGUAGE_LIST],
});
