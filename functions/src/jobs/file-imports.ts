import type { Context } from 'aws-lambda';
import { handleFileImportEvent, type FileImportEvent } from '../services/file-import-service';
import { correlated } from '../logger';

/**
 * Meter file imports: a worker of the import lanes (`{ kind: 'drain', queue: 'import' }`, started
 * by `startImport`) imports files in turn per customer; a job (a file continuing itself near its
 * time limit, or one given directly) is imported at once.
 */
export const handler = correlated(
  (event: FileImportEvent) => event.correlationId,
  (event: FileImportEvent, context: Context): Promise<void> => handleFileImportEvent(event, Date.now() + context.getRemainingTimeInMillis()),
);
