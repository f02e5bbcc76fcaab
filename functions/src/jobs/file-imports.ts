import type { FileImportJob } from '../services/file-intake';
import { runFileImport } from '../services/file-import-service';

/** One meter file imported per invocation (started by `startImport`). */
export const handler = async (job: FileImportJob): Promise<void> => {
  await runFileImport(job);
};
