import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

/** Dialogs fill the screen under the spec's mobile width of 979 px (spec 1 §9). */
export const useFullScreenDialog = (): boolean =>
  useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false }) ?? false;
