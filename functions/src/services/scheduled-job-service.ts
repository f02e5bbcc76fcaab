import { logger } from '../logger';
import { retrieveFiles } from './ftp-retrieval-service';
import type { ScheduledTarget } from './schedule-service';

type Runner = (target: ScheduledTarget) => Promise<unknown>;

/** What each kind of schedule runs. Every runner is idempotent: a schedule fired twice does its work once. */
const RUNNERS: Record<ScheduledTarget['kind'], Runner> = {
  ftp: (target) => retrieveFiles(target.customerId, target.id),
  source: async (target) => {
    logger.warn('source fetch not wired yet', { ...target });
  },
};

export const runScheduledJob = (target: ScheduledTarget): Promise<unknown> => RUNNERS[target.kind](target);
