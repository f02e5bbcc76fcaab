import { buildOpenApiDocument } from '@shared/api/openapi';
import { ANONYMOUS_PERMISSIONS } from '@shared/permissions/default-permissions';
import { getCustomizations } from '../data/system-repository';
import { createHttpHandler, operation } from '../middleware/http-handler';

export const handler = createHttpHandler('system', {
  getCustomizations: operation({ run: () => getCustomizations() }),
  getAnonymousAcl: operation({ run: async () => ANONYMOUS_PERMISSIONS }),
  getOpenApiDocument: operation({ run: async () => buildOpenApiDocument('0.1.0') }),
});
