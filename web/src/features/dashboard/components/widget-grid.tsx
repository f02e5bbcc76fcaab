import { useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Box, UnstyledButton } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { MOBILE_BREAKPOINT_PX } from '@shared/constants';
import { ResizeHandle } from '../../../components/resize-handle';
import type { Widget } from '@shared/schemas/widget';
import { placeWidget, resizeWidget, type WidgetLayout } from '../hooks/widget-layout';

interface WidgetGridProps {
  widgets: Widget[];
  /** Whether the caller may move and resize this widget (owner or super user). */
  canArrange: (widget: Widget) => boolean;
  /** A layout change the page saves (debounced). */
  onLayout: (changes: WidgetLayout[]) => void;
  renderWidget: (widget: Widget, dragHandle: ReactNode) => ReactNode;
}

const GAP_PX = 12;

/** The keys that move a focused widget's handle one place earlier or later (the keyboard's way of dragging it). */
const MOVE_KEYS: Record<string, -1 | 1> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * Widgets side by side by `width_percent`, `height` pixels high, in `position` order; full width
 * on small screens. Moved by dragging the title bar's handle onto another widget (or by its arrow
 * keys), resized by the corner handle (or in the widget dialog); every change is shown at once and
 * handed to the page to save.
 */
export const WidgetGrid = ({ widgets, canArrange, onLayout, renderWidget }: WidgetGridProps) => {
  const { t } = useTranslation();
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`, false, { getInitialValueInEffect: false });
  const container = useRef<HTMLDivElement>(null);
  const [dragged, setDragged] = useState<string | null>(null);

  return (
    <Box ref={container} style={{ display: 'flex', flexWrap: 'wrap', gap: GAP_PX, alignItems: 'flex-start' }} data-testid="widget-grid">
      {widgets.map((widget, index) => {
        const arrangeable = canArrange(widget) && !mobile;
        const handle = arrangeable ? (
          <UnstyledButton
            component="span"
            role="button"
            tabIndex={0}
            draggable
            onKeyDown={(event: React.KeyboardEvent<HTMLSpanElement>) => {
              const step = MOVE_KEYS[event.key];
              if (!step) return;
              event.preventDefault();
              const target = widgets[index + step];
              if (!target) return;
              onLayout(placeWidget(widgets, widget._id, target._id));
              // The widget's box moves among its siblings, which takes the focus from its handle: given back once drawn.
              const handleElement = event.currentTarget;
              requestAnimationFrame(() => handleElement.focus());
            }}
            onDragStart={(event: React.DragEvent) => {
              event.dataTransfer.setData('text/plain', widget._id);
              setDragged(widget._id);
            }}
            onDragEnd={() => setDragged(null)}
            aria-label={t('dashboard.actions.move')}
            title={t('dashboard.actions.move')}
            style={{ cursor: 'grab', userSelect: 'none', padding: '0 4px' }}
            data-testid="widget-move"
          >
            ⠿
          </UnstyledButton>
        ) : null;
        return (
          <Box
            key={widget._id}
            data-widget-id={widget._id}
            onDragOver={(event: React.DragEvent) => {
              if (dragged && dragged !== widget._id) event.preventDefault();
            }}
            onDrop={(event: React.DragEvent) => {
              event.preventDefault();
              const moving = event.dataTransfer.getData('text/plain');
              if (moving && moving !== widget._id) onLayout(placeWidget(widgets, moving, widget._id));
              setDragged(null);
            }}
            style={{
              position: 'relative',
              width: mobile ? '100%' : `calc(${widget.width_percent}% - ${GAP_PX}px)`,
              height: widget.height,
              opacity: dragged === widget._id ? 0.5 : 1,
            }}
          >
            {renderWidget(widget, handle)}
            {arrangeable && (
              <ResizeHandle
                label={t('dashboard.actions.resize')}
                onResize={({ dx, dy, sideways, start }) =>
                  onLayout([
                    resizeWidget(widget, {
                      // The box is its share of the row less the gap beside it.
                      widthPx: sideways ? start.width + GAP_PX + dx : null,
                      heightPx: start.height + dy,
                      containerPx: container.current?.getBoundingClientRect().width ?? start.width,
                    }),
                  ])
                }
              />
            )}
          </Box>
        );
      })}
    </Box>
  );
};
