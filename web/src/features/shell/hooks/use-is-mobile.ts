import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';

/** Small screens are those under 979 px (spec 1 §9). */
export const useIsMobile = (): boolean =>
  useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false }) ?? false;
