import * as z from 'zod';
import {
  fileListsSchema,
  filePreviewSchema,
  fileRefSchema,
  fileRefsSchema,
  fileRegexSchema,
  fileUploadSchema,
  importFilesSchema,
  meterFileSchema,
} from '../../schemas/meter-file';
import { idSchema } from '../../schemas/common';
import { route, byId, type GroupRoutes } from '../define-route';

const FILES = { permission: 'app.settings.files' } as const;
const byRegexp = z.object({ regexp: fileRegexSchema });
const filesStartedSchema = z.object({ started: z.number().int(), files: z.array(idSchema) });
const filesDeletedSchema = z.object({ deleted: z.array(idSchema), in_treatment: z.array(idSchema) });

/** The routes the `files` function serves. */
export const filesRoutes = {
  // Files processing (spec 3 §7 "Files"): meter files that came in, their imports and previews.
  listFiles: route('GET', '/api/v1/data/not-treated-files', 'files', { ...FILES, response: fileListsSchema }),
  filesMatching: route('GET', '/api/v1/data/files/{regexp}', 'files', { ...FILES, params: byRegexp, response: z.array(meterFileSchema) }),
  startFilesBatch: route('PUT', '/api/v1/data/files/{regexp}', 'files', { ...FILES, action: 'edit', params: byRegexp, response: filesStartedSchema }),
  importNotTreatedFiles: route('PUT', '/api/v1/data/not-treated-files', 'files', { ...FILES, action: 'edit', body: importFilesSchema, response: filesStartedSchema }),
  deleteFiles: route('PUT', '/api/v1/data/delete-files', 'files', { ...FILES, action: 'delete', body: fileRefsSchema, response: filesDeletedSchema }),
  deleteFile: route('PUT', '/api/v1/data/delete-file', 'files', { ...FILES, action: 'delete', body: fileRefSchema, response: filesDeletedSchema }),
  reImportFile: route('PUT', '/api/v1/data/re-import', 'files', { ...FILES, action: 'edit', body: fileRefSchema, response: filesStartedSchema }),
  previewFile: route('PUT', '/api/v1/data/files-preview', 'files', { ...FILES, body: fileRefSchema, response: filePreviewSchema }),
  uploadFile: route('POST', '/api/v1/data/upload-file', 'files', { ...FILES, action: 'create', body: fileUploadSchema, response: meterFileSchema }),
  fileRejects: route('GET', '/api/v1/data/file-rejects/{id}', 'files', { ...FILES, params: byId, response: z.object({ url: z.string(), name: z.string() }) }),
} satisfies GroupRoutes<'files'>;
