import * as z from 'zod';
import { idSchema } from './common';

import { IMAGE_TYPES } from './image-types';

export { IMAGE_TYPES } from './image-types';
/** The largest image, in bytes: its base64 body stays within a function's request size. */
export const IMAGE_MAX_BYTES = 3 * 1024 * 1024;

const nameSchema = z.string().trim().min(1).max(120);

/** `POST /api/v1/images`: a new image, its bytes in base64. */
export const imageUploadSchema = z.object({
  name: nameSchema,
  content_type: z.enum(IMAGE_TYPES),
  data: z.string().min(1).max(Math.ceil((IMAGE_MAX_BYTES * 4) / 3) + 4),
});

/** `PUT /api/v1/images`: renames an image (its bytes never change; a new file is a new image). */
export const imageRenameSchema = z.object({ _id: idSchema, name: nameSchema });

export const imageSchema = z.object({
  _id: idSchema,
  name: z.string(),
  content_type: z.enum(IMAGE_TYPES),
  size: z.number().int(),
  user: idSchema,
  created_at: z.string(),
  /** A short-lived address of the bytes, for `<img src>`. */
  url: z.string(),
});
export type Image = z.infer<typeof imageSchema>;
