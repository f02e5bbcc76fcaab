import { useEffect, useState, type RefObject } from 'react';
import { reportReadinessOf, type ReportReadiness } from './report-readiness';

const WIDGET_SELECTOR = '[data-widget-ready], [data-widget-state]';

/** Watches the widgets drawn under `root` (their `data-widget-ready` and `data-widget-state`) until `expected` of them are ready, or one failed. */
export const useReportReadiness = (root: RefObject<HTMLElement | null>, expected: number): ReportReadiness => {
  const [readiness, setReadiness] = useState<ReportReadiness>('false');
  useEffect(() => {
    const element = root.current;
    if (!element) return;
    const measure = () =>
      setReadiness(
        reportReadinessOf(
          [...element.querySelectorAll(WIDGET_SELECTOR)].map((widget) => ({ ready: widget.getAttribute('data-widget-ready'), state: widget.getAttribute('data-widget-state') })),
          expected,
        ),
      );
    measure();
    const observer = new MutationObserver(measure);
    observer.observe(element, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-widget-ready', 'data-widget-state'] });
    return () => observer.disconnect();
  }, [root, expected]);
  return readiness;
};
