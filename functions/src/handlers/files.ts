import { createHttpHandler, withMessage } from '../middleware/http-handler';
import {
  deleteFiles,
  filesMatching,
  importNotTreated,
  listFiles,
  previewFile,
  reImport,
  rejectsOf,
  startBatch,
  uploadFile,
} from '../services/files-service';

export const handler = createHttpHandler('files', {
  listFiles: ({ caller }) => listFiles(caller),
  filesMatching: ({ caller, params }) => filesMatching(caller, params.regexp),
  startFilesBatch: async ({ caller, params }) => withMessage(await startBatch(caller, params.regexp), 'batch_files_started'),
  importNotTreatedFiles: async ({ caller, body }) => withMessage(await importNotTreated(caller, body.files), 'not_treated_import_started'),
  deleteFiles: ({ caller, body }) => deleteFiles(caller, body.files),
  deleteFile: ({ caller, body }) => deleteFiles(caller, [body.file]),
  reImportFile: async ({ caller, body }) => withMessage(await reImport(caller, body.file), 'file_import_started'),
  previewFile: ({ caller, body }) => previewFile(caller, body.file),
  uploadFile: async ({ caller, body }) => withMessage(await uploadFile(caller, body.name, body.data), 'file_uploaded'),
  fileRejects: ({ caller, params }) => rejectsOf(caller, params.id),
});
