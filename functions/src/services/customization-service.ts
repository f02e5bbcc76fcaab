import type { Customizations } from '@shared/schemas/session';
import { getCustomizations as readCustomizations } from '../data/system-repository';

/** The product's logo and background image, shown before sign-in. */
export const getCustomizations = (): Promise<Customizations> => readCustomizations();
