import type { ReactNode, Ref } from 'react';
import { Box } from '@mantine/core';

interface ScaledPageProps {
  /** The element whose width the page fits (see useFitScale). */
  containerRef: Ref<HTMLDivElement>;
  scale: number;
  width: number;
  height: number;
  children: ReactNode;
}

/**
 * A page drawn at its own size, scaled down as a whole to the width there is (a phone): the
 * widgets lay out exactly as on paper, only smaller.
 */
export const ScaledPage = ({ containerRef, scale, width, height, children }: ScaledPageProps) => (
  <Box ref={containerRef} w="100%" data-testid="report-sheet" data-scale={scale.toFixed(3)}>
    <Box w={width * scale} h={height * scale} mx="auto">
      <Box w={width} h={height} style={{ transform: `scale(${scale})`, transformOrigin: 'top left' }}>
        {children}
      </Box>
    </Box>
  </Box>
);
