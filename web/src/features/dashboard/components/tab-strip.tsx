import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionIcon } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './tab-strip.module.css';

interface Overflow {
  /** Whether the tabs are wider than the strip at all: the arrows are drawn then, so that the tabs do not move when one end is reached. */
  scrolls: boolean;
  before: boolean;
  after: boolean;
}

const NONE: Overflow = { scrolls: false, before: false, after: false };

/** Half a pixel of rounding is not a hidden tab. */
const SLACK_PX = 1;

const overflowOf = (viewport: HTMLElement): Overflow => {
  const hidden = viewport.scrollWidth - viewport.clientWidth;
  return { scrolls: hidden > SLACK_PX, before: viewport.scrollLeft > SLACK_PX, after: viewport.scrollLeft < hidden - SLACK_PX };
};

/**
 * The tab list in one row. Where the tabs are wider than the page (a phone), the row scrolls
 * sideways, by touch or by the arrows at its ends, and fades at the edge that hides tabs; the open
 * tab is brought into view.
 */
export const TabStrip = ({ current, children }: { current: string; children: ReactNode }) => {
  const { t } = useTranslation();
  const viewport = useRef<HTMLDivElement>(null);
  const [overflow, setOverflow] = useState<Overflow>(NONE);

  const measure = useCallback(() => {
    const element = viewport.current;
    if (!element) return;
    const next = overflowOf(element);
    setOverflow((previous) => (previous.scrolls === next.scrolls && previous.before === next.before && previous.after === next.after ? previous : next));
  }, []);

  // Measured again when the strip or a tab changes size (a turned phone, a font loaded) and after
  // each drawing (a tab added, renamed or deleted).
  useEffect(() => {
    const element = viewport.current;
    if (!element) return;
    measure();
    // At the next frame: arrows drawn from within the observer's call would resize what it watches.
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(measure);
    });
    observer.observe(element);
    for (const tab of element.querySelectorAll('[role="tab"]')) observer.observe(tab);
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  });

  useEffect(() => {
    viewport.current?.querySelector('[role="tab"][aria-selected="true"]')?.scrollIntoView({ block: 'nearest', inline: 'nearest' });
  }, [current]);

  const scroll = (direction: 1 | -1) => {
    const element = viewport.current;
    if (!element) return;
    const still = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    element.scrollBy({ left: direction * element.clientWidth * 0.75, behavior: still ? 'auto' : 'smooth' });
  };

  return (
    <div className={classes.strip} data-testid="tab-strip">
      {overflow.scrolls && (
        <ActionIcon variant="subtle" size="sm" onClick={() => scroll(-1)} disabled={!overflow.before} aria-label={t('dashboard.tabs.scrollBack')} data-testid="tabs-scroll-back">
          <IconChevronLeft size={16} />
        </ActionIcon>
      )}
      <div
        ref={viewport}
        className={classes.viewport}
        onScroll={measure}
        data-more-before={overflow.before || undefined}
        data-more-after={overflow.after || undefined}
        data-testid="tab-strip-viewport"
      >
        {children}
      </div>
      {overflow.scrolls && (
        <ActionIcon variant="subtle" size="sm" onClick={() => scroll(1)} disabled={!overflow.after} aria-label={t('dashboard.tabs.scrollForward')} data-testid="tabs-scroll-forward">
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
    </div>
  );
};
