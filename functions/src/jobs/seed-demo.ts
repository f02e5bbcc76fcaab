import { seedDemo } from '../services/demo-data-service';

/** Writes the demo data set (deployed only with the demo context). */
export const handler = (event: unknown) => seedDemo(event);
