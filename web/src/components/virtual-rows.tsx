import { useEffect, useRef, type HTMLAttributes, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';

export interface VirtualRowsProps<R> extends Omit<HTMLAttributes<HTMLDivElement>, 'children'> {
  rows: readonly R[];
  rowKey: (row: R) => string;
  /** Every row's height, in pixels. */
  rowHeight: number;
  /** Rows that fit in this height are all drawn; past it the rows scroll in a box this high and only those in view are drawn. */
  maxHeight: number;
  renderRow: (row: R, index: number) => ReactNode;
  /** A row kept in view when it changes (the current one). */
  activeIndex?: number;
  'data-testid'?: string;
}

/** Rows drawn beyond the box's edges: Tab and the arrow keys reach the next row before it scrolls in. */
const OVERSCAN = 8;

/**
 * A long list drawn by the rows in view only (TanStack Virtual), in a box of its own; a short one
 * is drawn whole, without a box. Each row is one line of a fixed height.
 */
export const VirtualRows = <R,>({ rows, rowKey, rowHeight, maxHeight, renderRow, activeIndex = -1, style, ...rest }: VirtualRowsProps<R>) => {
  const box = useRef<HTMLDivElement>(null);
  const virtual = rows.length * rowHeight > maxHeight;
  const virtualizer = useVirtualizer({
    count: virtual ? rows.length : 0,
    getScrollElement: () => box.current,
    estimateSize: () => rowHeight,
    overscan: OVERSCAN,
    getItemKey: (index) => rowKey(rows[index]!),
  });

  useEffect(() => {
    if (virtual && activeIndex >= 0) virtualizer.scrollToIndex(activeIndex, { align: 'auto' });
    // Only when the current row changes: the user's own scrolling is left alone.
  }, [virtual, activeIndex]);

  if (!virtual) {
    return (
      <div style={style} {...rest} data-virtual="false">
        {rows.map((row, index) => (
          <div key={rowKey(row)} style={{ minHeight: rowHeight }}>
            {renderRow(row, index)}
          </div>
        ))}
      </div>
    );
  }
  return (
    <div ref={box} style={{ ...style, maxHeight, overflowY: 'auto', position: 'relative' }} {...rest} data-virtual="true" data-rows={rows.length}>
      <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
        {virtualizer.getVirtualItems().map((item) => (
          <div key={item.key} style={{ position: 'absolute', top: 0, left: 0, right: 0, height: rowHeight, transform: `translateY(${item.start}px)` }}>
            {renderRow(rows[item.index]!, item.index)}
          </div>
        ))}
      </div>
    </div>
  );
};
