import type { Context } from 'aws-lambda';
import { correlated } from '../logger';
import { handleFirstRootEvent } from '../services/first-root-request-service';

/** The deployment's first root administrator: CloudFormation's custom resource, or `{ email }` (services/first-root-request-service.ts). */
export const handler = correlated(
  (event: unknown) => (event as { RequestId?: unknown } | null)?.RequestId,
  (event: unknown, _context: Context | undefined) => handleFirstRootEvent(event),
);
