import * as z from 'zod';
import { imageRenameSchema, imageSchema, imageUploadSchema } from '../../schemas/image';
import { idSchema } from '../../schemas/common';
import { route, DASHBOARD, byId, type GroupRoutes } from '../define-route';

/** The routes the `images` function serves. */
export const imagesRoutes = {
  listImages: route('GET', '/api/v1/images', 'images', { ...DASHBOARD, response: z.array(imageSchema) }),
  getImage: route('GET', '/api/v1/images/{id}', 'images', { ...DASHBOARD, params: byId, response: imageSchema }),
  uploadImage: route('POST', '/api/v1/images', 'images', { ...DASHBOARD, action: 'create', body: imageUploadSchema, response: imageSchema }),
  renameImage: route('PUT', '/api/v1/images', 'images', { ...DASHBOARD, action: 'edit', body: imageRenameSchema, response: imageSchema }),
  deleteImage: route('DELETE', '/api/v1/images/{id}', 'images', { ...DASHBOARD, action: 'delete', params: byId, response: z.object({ deleted: idSchema }) }),
} satisfies GroupRoutes<'images'>;
