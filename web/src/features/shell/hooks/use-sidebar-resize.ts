import { useState } from 'react';
import { useAppShellResize } from '@mantine/core';
import { SIDEBAR_WIDTH } from '@shared/constants';
import { readStored, STORAGE_KEYS, writeStored } from '../../../lib/storage';

/** Sidebar width stays between 220 and 500 px: a drag past either end stores the end (spec 1 §5). */
export const clampSidebarWidth = (width: number): number =>
  Math.min(SIDEBAR_WIDTH.max, Math.max(SIDEBAR_WIDTH.min, Math.round(width)));

export const storedSidebarWidth = (): number => {
  const stored = readStored(STORAGE_KEYS.sidebarWidth);
  return typeof stored === 'number' && Number.isFinite(stored) ? clampSidebarWidth(stored) : SIDEBAR_WIDTH.default;
};

/** The navigation panel is resized by dragging its edge; the width survives reloads. */
export const useSidebarResize = (label: string) => {
  const [initialSizes] = useState(() => ({ navbar: storedSidebarWidth() }));
  return useAppShellResize({
    navbar: { min: SIDEBAR_WIDTH.min, max: SIDEBAR_WIDTH.max, label },
    initialSizes,
    onResizeEnd: ({ navbar }) => {
      if (navbar !== undefined) writeStored(STORAGE_KEYS.sidebarWidth, clampSidebarWidth(navbar));
    },
  });
};
