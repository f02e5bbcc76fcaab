import type { Sampling } from '../series/sampling';

/** The sampling a click on a bucket opens it with; a minute has nothing finer. */
const FINER: Record<Sampling, Sampling | null> = { year: 'month', month: 'day', week: 'day', day: 'hour', hour: 'minute', minute: null };

export const finerSampling = (sampling: Sampling): Sampling | null => FINER[sampling];
