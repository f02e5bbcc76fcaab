import { Box } from '@mantine/core';

/** A drag changes the box's width only once it has gone this far sideways (screen pixels): one made to change its height keeps its width. */
const SIDEWAYS_PX = 8;

/** Where a drag of the handle has gone: the pointer's move since it was pressed, and the resized box as it was then (screen pixels). */
export interface ResizeDrag {
  dx: number;
  dy: number;
  /** Whether the drag went far enough sideways to change the width. */
  sideways: boolean;
  start: DOMRect;
}

/**
 * The corner handle of a resizable box (a dashboard's widget, a report's): its parent is the box,
 * placed relatively. Each move of a pressed pointer tells where the drag has gone, until release.
 */
export const ResizeHandle = ({ label, onResize }: { label: string; onResize: (drag: ResizeDrag) => void }) => (
  <Box
    onPointerDown={(event: React.PointerEvent<HTMLDivElement>) => {
      const start = (event.currentTarget.parentElement as HTMLElement).getBoundingClientRect();
      const from = { x: event.clientX, y: event.clientY };
      event.preventDefault();
      event.currentTarget.setPointerCapture(event.pointerId);
      const move = (moveEvent: PointerEvent) => {
        const dx = moveEvent.clientX - from.x;
        onResize({ dx, dy: moveEvent.clientY - from.y, sideways: Math.abs(dx) >= SIDEWAYS_PX, start });
      };
      const stop = () => {
        window.removeEventListener('pointermove', move);
        window.removeEventListener('pointerup', stop);
      };
      window.addEventListener('pointermove', move);
      window.addEventListener('pointerup', stop);
    }}
    // A pointer's handle (a tooltip says what it does); a plain block may not carry a name.
    aria-hidden
    title={label}
    data-testid="widget-resize"
    style={{
      position: 'absolute',
      right: 0,
      bottom: 0,
      width: 14,
      height: 14,
      cursor: 'nwse-resize',
      touchAction: 'none',
      borderRight: '3px solid var(--mantine-color-gray-5)',
      borderBottom: '3px solid var(--mantine-color-gray-5)',
    }}
  />
);
